import type { Knex } from 'knex';

const TABLE = 'scheduled_runs';
/** A slot's record matters only while a worker could still reach the slot; older ones are history. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60_000;

/**
 * Claims a slot inside `trx`, answering true for the one worker whose insert lands. A competing insert waits for
 * this transaction: it gets false once this one commits, and the slot if this one rolls back.
 */
export async function claimSlot(trx: Knex.Transaction, schedule: string, slot: Date): Promise<boolean> {
  const inserted = await trx(TABLE).insert({ schedule, slot }).onConflict(['schedule', 'slot']).ignore().returning('slot');
  return inserted.length > 0;
}

export async function recordJobCount(trx: Knex.Transaction, schedule: string, slot: Date, jobs: number): Promise<void> {
  await trx(TABLE).where({ schedule, slot }).update({ jobs });
  await trx(TABLE)
    .where({ schedule })
    .where('slot', '<', new Date(slot.getTime() - KEPT_FOR_MS))
    .delete();
}
