import { Classes } from '@blueprintjs/core';
import type { LinkedClient } from './members-api';

/** The clients a CLIENT member (or invitation) stands for, by name; "none" says the member sees no client at all. */
export function LinkedClientNames({ clients }: { clients: LinkedClient[] }) {
  return (
    <span className={`member-row__clients ${Classes.TEXT_MUTED}`}>
      {clients.length === 0 ? 'Clients: none' : `Clients: ${clients.map((client) => client.name).join(', ')}`}
    </span>
  );
}
