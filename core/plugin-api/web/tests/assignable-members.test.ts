import { expect } from 'chai';
import { assignableMembers } from '../assignable-members';

describe('assignableMembers', () => {
  it('offers a CLIENT member only records of clients they stand for, and staff always', () => {
    const staff = { externalId: 'anil', name: 'Anil', role: 'EMPLOYEE', clients: [] };
    const contact = { externalId: 'priya', name: 'Priya', role: 'CLIENT', clients: [{ externalId: 'kaveri' }, { externalId: 'nair' }] };
    const names = (clientIds: string[]) => assignableMembers([staff, contact], clientIds).map((member) => member.name);
    expect(names(['kaveri'])).to.deep.equal(['Anil', 'Priya']);
    expect(names(['kaveri', 'nair'])).to.deep.equal(['Anil', 'Priya']);
    expect(names(['kaveri', 'mehta']), 'one of the clients is not theirs').to.deep.equal(['Anil']);
    expect(names([]), "the firm's own work").to.deep.equal(['Anil']);
    expect(
      assignableMembers([staff, contact], [], 'priya').map((member) => member.name),
      'already chosen',
    ).to.deep.equal(['Anil', 'Priya']);
  });
});
