import { expect } from 'chai';
import { groupHitsByType, humanizeType, wrapIndex } from '../../shell/src/workspace/search/search-groups';

const hit = (type: string, id: string) => ({ type, id, title: `${type} ${id}`, url: `/w/ws/${type}/${id}` });

describe('global search groups', () => {
  it('groups hits by type in the order each type was first ranked, keeping the rank within a group', () => {
    const groups = groupHitsByType([hit('client', '1'), hit('task', '7'), hit('client', '2'), hit('notice', '3'), hit('task', '8')]);
    expect(groups.map((group) => [group.type, group.hits.map((entry) => entry.id)])).to.deep.equal([
      ['client', ['1', '2']],
      ['task', ['7', '8']],
      ['notice', ['3']],
    ]);
  });

  it('titles a type without a renderer as words', () => {
    expect(humanizeType('document-folder')).to.equal('Document folder');
    expect(humanizeType('gstNotice')).to.equal('Gst notice');
    expect(humanizeType('task')).to.equal('Task');
  });

  it('moves the highlight through the hits, wrapping at either end', () => {
    expect(wrapIndex(0, 1, 3)).to.equal(1);
    expect(wrapIndex(2, 1, 3)).to.equal(0);
    expect(wrapIndex(0, -1, 3)).to.equal(2);
    expect(wrapIndex(0, 1, 0)).to.equal(-1);
  });
});
