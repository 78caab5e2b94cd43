import type { QueryBuilder } from 'objection';
import type { Client } from './models';

/**
 * The clients a member may see, from `ClientDirectory.clientsOfMember`: null for every client of the workspace
 * (staff), else the ids of the clients a CLIENT member stands for.
 */
export type ClientScope = readonly number[] | null;

/** Narrows a query of the workspace's clients to those in the scope. */
export const withinScope =
  (scope: ClientScope) =>
  (query: QueryBuilder<Client, Client[]>): void => {
    if (scope) query.whereIn('clients.id', scope);
  };

/** Whether the scope holds the client; a client outside it is answered as one that does not exist. */
export const inScope = (scope: ClientScope, clientId: number): boolean => scope === null || scope.includes(clientId);
