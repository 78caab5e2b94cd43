import type { Knex } from 'knex';
import { DecryptionError, type CryptoService } from './crypto';

/** A column of ciphertexts made by the crypto service, and how to rebuild the context each one is bound to. */
export interface SecretColumn {
  table: string;
  column: string;
  /** The row key, unique and ordered; `id` when absent. */
  idColumn?: string;
  /** The columns `associatedData` reads, as the table names them. */
  contextColumns: string[];
  /** The context the value was encrypted with (the same function the owner's code passes to `encrypt`). */
  associatedData(row: Record<string, unknown>): string;
}

export interface ColumnRotation {
  table: string;
  column: string;
  rewritten: number;
  /** Values that do not decrypt (a key no longer configured, or moved or tampered with): left as they are. */
  unreadable: number;
}

export const ROTATION_BATCH_ROWS = 500;

/**
 * Re-encrypts every value of one column that another key made, in batches of rows taken in key order, each batch
 * locked and rewritten in one transaction, so the app may keep running (with the new key current) meanwhile.
 */
export async function rotateSecretColumn(
  knex: Knex,
  crypto: CryptoService,
  secret: SecretColumn,
  batchRows = ROTATION_BATCH_ROWS,
): Promise<ColumnRotation> {
  const idColumn = secret.idColumn ?? 'id';
  const columns = [...new Set([idColumn, secret.column, ...secret.contextColumns])];
  const outcome: ColumnRotation = { table: secret.table, column: secret.column, rewritten: 0, unreadable: 0 };
  let after: Knex.Value | null = null;
  for (;;) {
    const batch = await knex.transaction(async (trx) => {
      const rows: Record<string, unknown>[] = await trx(secret.table)
        .select(columns)
        .whereNotNull(secret.column)
        .whereRaw(`split_part(??, '.', 2) <> ?`, [secret.column, crypto.currentKeyId])
        .modify((query) => {
          if (after !== null) query.where(idColumn, '>', after);
        })
        .orderBy(idColumn)
        .limit(batchRows)
        .forUpdate();
      let rewritten = 0;
      for (const row of rows) {
        const resealed = resealOrNull(crypto, String(row[secret.column]), secret.associatedData(row));
        if (resealed === null) continue;
        await trx(secret.table)
          .where(idColumn, row[idColumn] as Knex.Value)
          .update({ [secret.column]: resealed });
        rewritten += 1;
      }
      return { rows, rewritten };
    });
    // Counted once committed: a batch that failed rewrote nothing.
    outcome.rewritten += batch.rewritten;
    outcome.unreadable += batch.rows.length - batch.rewritten;
    if (batch.rows.length < batchRows) return outcome;
    after = batch.rows[batch.rows.length - 1][idColumn] as Knex.Value;
  }
}

function resealOrNull(crypto: CryptoService, sealed: string, context: string): string | null {
  try {
    return crypto.reseal(sealed, context);
  } catch (error) {
    if (error instanceof DecryptionError) return null;
    throw error;
  }
}

/** Every column in turn; the report names each as `table.column`. */
export async function rotateSecretColumns(knex: Knex, crypto: CryptoService, secrets: readonly SecretColumn[]): Promise<ColumnRotation[]> {
  const outcomes: ColumnRotation[] = [];
  for (const secret of secrets) outcomes.push(await rotateSecretColumn(knex, crypto, secret));
  return outcomes;
}
