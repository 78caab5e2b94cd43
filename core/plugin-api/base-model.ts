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

/** The one `where` that scopes a query to a workspace, shared by both kinds of workspace-scoped model. */
function scopedQuery<M extends typeof Model>(model: M, workspaceId: number, trx?: Transaction): QueryBuilder<InstanceType<M>, InstanceType<M>[]> {
  return model.query(trx).where(`${model.tableName}.workspace_id`, workspaceId) as unknown as QueryBuilder<InstanceType<M>, InstanceType<M>[]>;
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
    return scopedQuery(this, workspaceId, trx);
  }
}

/**
 * A workspace's row that is never named outside the server, so it has no external id, and whose table fills its own
 * timestamps (a folder row, an outbox entry, a per-workspace setting). Scoped exactly as WorkspaceScopedModel;
 * a subclass declares its key and columns.
 */
export class WorkspaceScopedRow extends Model {
  workspaceId!: number;

  static override get columnNameMappers() {
    return snakeCaseMappers();
  }

  static inWorkspace<M extends typeof WorkspaceScopedRow>(
    this: M,
    workspaceId: number,
    trx?: Transaction,
  ): QueryBuilder<InstanceType<M>, InstanceType<M>[]> {
    return scopedQuery(this, workspaceId, trx);
  }
}
