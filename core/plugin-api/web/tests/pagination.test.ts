import { expect } from 'chai';
import { pageWindow } from '../pagination';

describe('pageWindow', () => {
  const numberedLinks = (items: ReturnType<typeof pageWindow>) => items.filter((item) => item !== 'ellipsis');

  it('has nothing to show for no pages', () => {
    expect(pageWindow(1, 0)).to.deep.equal([]);
    expect(pageWindow(1, -3)).to.deep.equal([]);
    expect(pageWindow(1, Number.NaN)).to.deep.equal([]);
  });

  it('lists every page when they fit in five links', () => {
    expect(pageWindow(1, 1)).to.deep.equal([1]);
    expect(pageWindow(2, 3)).to.deep.equal([1, 2, 3]);
    expect(pageWindow(1, 5)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 5)).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it('keeps the first and last page and shifts the run inward near the start', () => {
    expect(pageWindow(1, 6)).to.deep.equal([1, 2, 3, 4, 'ellipsis', 6]);
    expect(pageWindow(1, 10)).to.deep.equal([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageWindow(2, 10)).to.deep.equal([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageWindow(3, 10)).to.deep.equal([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageWindow(3, 6)).to.deep.equal([1, 2, 3, 4, 'ellipsis', 6]);
  });

  it('centres the run on the current page in the middle', () => {
    expect(pageWindow(4, 10)).to.deep.equal([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
    expect(pageWindow(5, 10)).to.deep.equal([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageWindow(6, 10)).to.deep.equal([1, 'ellipsis', 5, 6, 7, 'ellipsis', 10]);
  });

  it('shifts the run inward near the end', () => {
    expect(pageWindow(8, 10)).to.deep.equal([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).to.deep.equal([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).to.deep.equal([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageWindow(4, 6)).to.deep.equal([1, 'ellipsis', 3, 4, 5, 6]);
    expect(pageWindow(6, 6)).to.deep.equal([1, 'ellipsis', 3, 4, 5, 6]);
  });

  it('clamps a current page out of range', () => {
    expect(pageWindow(0, 10)).to.deep.equal(pageWindow(1, 10));
    expect(pageWindow(-4, 10)).to.deep.equal(pageWindow(1, 10));
    expect(pageWindow(42, 10)).to.deep.equal(pageWindow(10, 10));
    expect(pageWindow(Number.NaN, 10)).to.deep.equal(pageWindow(1, 10));
  });

  it('never shows more numbered links than allowed, and always includes the current page', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const items = pageWindow(current, total);
        expect(numberedLinks(items).length).to.be.at.most(5);
        expect(items).to.include(current);
        expect(items[0]).to.equal(1);
        expect(items[items.length - 1]).to.equal(total);
      }
    }
  });

  it('honours another link budget and refuses one too small for first, current and last', () => {
    expect(pageWindow(10, 20, 7)).to.deep.equal([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(pageWindow(2, 20, 3)).to.deep.equal([1, 2, 'ellipsis', 20]);
    expect(() => pageWindow(1, 10, 2)).to.throw(RangeError);
  });
});
