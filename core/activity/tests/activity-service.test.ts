import { expect } from 'chai';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { TOKENS } from '../../platform/tokens';
import type { ActivityService } from '../activity-service';

describe('activity: the audit trail', () => {
  const activity = () => sharedHost().host.container.get<ActivityService>(TOKENS.Activity);
  const entity = () => ({ workspaceId: null, actorUserId: null, action: 'demo.checked', entityType: 'demo', entityId: crypto.randomUUID() });

  it('dates an entry by the database clock, or by the time given for a history written afterwards', async () => {
    const before = Date.now();
    const now = await activity().record(entity());
    expect(now.createdAt.getTime()).to.be.within(before - 5_000, Date.now() + 5_000);

    const at = new Date('2026-09-29T09:00:00Z');
    const past = await activity().record({ ...entity(), at });
    expect(past.createdAt.toISOString()).to.equal(at.toISOString());
  });

  it('lists a record history by when it happened, not by when it was written', async () => {
    const host = sharedHost();
    const owner = await host.signedInUser('activity');
    const workspaceId = await host.internalIdOf((await host.createWorkspace(owner)).externalId);
    const subject = { ...entity(), workspaceId };
    await activity().record({ ...subject, action: 'demo.later', at: new Date('2026-10-02T09:00:00Z') });
    await activity().record({ ...subject, action: 'demo.earlier', at: new Date('2026-10-01T09:00:00Z') });
    const history = await activity().forEntity(workspaceId, subject.entityType, subject.entityId);
    expect(history.map((entry) => entry.action)).to.deep.equal(['demo.later', 'demo.earlier']);
  });
});
