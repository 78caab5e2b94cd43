import { inject, injectable } from 'inversify';
import { z } from 'zod';
import type { Contributions } from '../extensions/contributions-service';
import type { AskingMember } from '../extensions/member-context';
import { assertUniqueProviderIds } from '../extensions/unique-provider-ids';
import { TOKENS } from '../platform/tokens';
import { calendarPoint, type CalendarItem } from '../plugin-api/extension-points';
import { calendarItemSchema, type CalendarRange } from './calendar-schemas';

export interface CalendarAnswer {
  /** By date, then title. */
  items: CalendarItem[];
  /** Sources that failed or ran past their budget; their items are missing. */
  incomplete: string[];
}

const byDateThenTitle = (a: CalendarItem, b: CalendarItem) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title, 'en');

/** `GET calendar`: the dated items of the core's and the enabled plugins' calendar sources within a range. */
@injectable()
export class CalendarService {
  constructor(@inject(TOKENS.Contributions) private readonly contributions: Contributions) {
    assertUniqueProviderIds(
      'calendar',
      contributions.all(calendarPoint).map(({ pluginId, value }) => ({ pluginId, id: value.id })),
    );
  }

  async items(asking: AskingMember, range: CalendarRange): Promise<CalendarAnswer> {
    const { answers, incomplete } = await this.contributions.gather(
      calendarPoint,
      asking.workspaceId,
      (source, pluginId) => source.items({ from: range.from, to: range.to }, asking.contextFor(pluginId)),
      { idOf: (source) => source.id, answer: z.array(calendarItemSchema) },
    );
    // A source's items outside the range (a boundary it read loosely) are not what was asked for.
    const items = answers.flatMap(({ answer }) => answer).filter((item) => item.date >= range.from && item.date <= range.to);
    return { items: items.sort(byDateThenTitle), incomplete };
  }
}
