import { randomUUID } from 'node:crypto';
import { Model, snakeCaseMappers, type QueryBuilder, type Transaction } from 'objection';

/** Columns are snake_case in PostgreSQL and camelCase in code; timestamps are kept by the model. */
export class BaseModel extends Model {
  id!: number;
  createdAt!: Date;
  updatedAt!: Date;

  static override get columnNameMappers() {
    return snakeCaseMappers();
  }

  override $beforeInsert(): void {
    const now = new Date();
    this.createdAt ??= now;
    this.updatedAt ??= now;
  }

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}

/** A record shown outside the server: URLs and payloads name it by its opaque `externalId`, never its serial id. */
export class ExternallyIdentifiedModel extends BaseModel {
  externalId!: string;

  override $beforeInsert(): void {
    super.$beforeInsert();
    this.externalId ??= randomUUID();
  }
}

/**
 * A record that belongs to one workspace. `inWorkspace` is the one place a query gets its workspace scope,
 * so no route has to remember a `where`.
 */
export class WorkspaceScopedModel extends ExternallyIdentifiedModel {
  workspaceId!: number;

  static inWorkspace<M extends typeof WorkspaceScopedModel>(
    this: M,
    workspaceId: number,
    trx?: Transaction,
  ): QueryBuilder<InstanceType<M>, InstanceType<M>[]> {
    return this.query(trx).where(`${this.tableName}.workspace_id`, workspaceId) as unknown as QueryBuilder<InstanceType<M>, InstanceType<M>[]>;
  }
}
