import { expect } from 'chai';
import { API, createWorkspace, signedInUser } from '../core/plugin-api/testing/http';

describe('smoke', () => {
  it('signs up, signs in and creates a workspace', async () => {
    const owner = await signedInUser();
    const workspace = await createWorkspace(owner);
    const role = await owner.agent.get(`${API}/workspaces/${workspace.externalId}/role`).expect(200);
    expect(role.body.role).to.equal('OWNER');
  });
});
