import { expect } from 'chai';
import { columnFitStep } from '../column-fit';

/**
 * A table as the browser lays it out: as wide as its frame, or as wide as its cells' narrowest widths when those add
 * up to more; a details column appears while any optional column is hidden.
 */
function simulatedTable({
  primaryWidth,
  optionalWidths,
  detailsColumnWidth,
}: {
  primaryWidth: number;
  optionalWidths: number[];
  detailsColumnWidth: number;
}) {
  const widthNeeded: (number | undefined)[] = [];
  let shown = optionalWidths.length;
  let steps = 0;

  const tableWidth = (availableWidth: number) => {
    const cells = optionalWidths.slice(0, shown).reduce((sum, width) => sum + width, primaryWidth);
    return Math.max(availableWidth, cells + (shown < optionalWidths.length ? detailsColumnWidth : 0));
  };

  /** Steps until the answer stops changing, as the table's layout effect does; returns the optional columns shown. */
  const settle = (availableWidth: number): number => {
    for (;;) {
      const step = columnFitStep({
        shown,
        optionalCount: optionalWidths.length,
        tableWidth: tableWidth(availableWidth),
        availableWidth,
        widthNeeded,
      });
      if (step.measured) widthNeeded[step.measured.count] = step.measured.width;
      if (step.shown === shown) return shown;
      shown = step.shown;
      steps += 1;
      if (steps > 100) throw new Error('the fit does not settle');
    }
  };
  return { settle, tableWidth: () => tableWidth(0), stepsTaken: () => steps };
}

describe('columnFitStep', () => {
  const clients = () => simulatedTable({ primaryWidth: 180, optionalWidths: [100, 90, 140, 130, 260, 110], detailsColumnWidth: 40 });

  it('keeps every column when the table fits, without a step', () => {
    const table = clients();
    expect(table.settle(1100)).to.equal(6);
    expect(table.stepsTaken()).to.equal(0);
  });

  it('drops the lowest-priority columns until the table fits a phone, counting the details column', () => {
    const table = clients();
    // 180 + 40 for the details button leaves 138 px at 358: PAN (100) fits, the type (90) does not.
    expect(table.settle(358)).to.equal(1);
    expect(table.tableWidth()).to.be.at.most(358);
  });

  it('keeps the primary columns however narrow the frame, and lets them overflow', () => {
    const table = clients();
    expect(table.settle(150)).to.equal(0);
  });

  it('takes columns back as the frame grows, once the width each needed is there, and settles at every width', () => {
    const table = clients();
    expect(table.settle(358)).to.equal(1);
    expect(table.settle(409)).to.equal(1);
    expect(table.settle(410)).to.equal(2);
    expect(table.settle(700)).to.equal(4);
    expect(table.settle(1100)).to.equal(6);
    expect(table.settle(360)).to.equal(1);
  });

  it('retries a column that did not fit once the content changed (its record cleared)', () => {
    const widthNeeded = [undefined, undefined, 500];
    expect(columnFitStep({ shown: 1, optionalCount: 2, tableWidth: 400, availableWidth: 400, widthNeeded })).to.deep.equal({ shown: 1 });
    expect(columnFitStep({ shown: 1, optionalCount: 2, tableWidth: 400, availableWidth: 400, widthNeeded: [] })).to.deep.equal({ shown: 2 });
  });

  it('ignores a frame that is not laid out, and sub-pixel differences', () => {
    expect(columnFitStep({ shown: 3, optionalCount: 3, tableWidth: 600, availableWidth: 0, widthNeeded: [] })).to.deep.equal({ shown: 3 });
    expect(columnFitStep({ shown: 3, optionalCount: 3, tableWidth: 400.6, availableWidth: 400, widthNeeded: [] })).to.deep.equal({ shown: 3 });
  });
});
