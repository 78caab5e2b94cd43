import { randomBytes } from 'node:crypto';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { subMonths } from 'date-fns';
import { hashPassword } from '../auth/password';
import { User } from '../auth/user-model';
import type { Config } from '../platform/config';
import { TOKENS } from '../platform/tokens';
import { kolkataDayOf } from '../platform/calendar-day';
import { ClientService } from '../clients/client-service';
import { CredentialService } from '../clients/credential-service';
import { gstinCheckCharacter } from '../clients/gstin';
import type { ClientInput } from '../clients/schemas';
import type { Membership, SessionUser } from '../platform/http';
import type { Role } from '../platform/identity';
import type { ClientDirectory } from '../clients/client-directory';
import type { DemoTeamMember } from '../plugin-api/define-plugin';
import { WorkspaceMember } from '../workspaces/models';
import type { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { WorkspaceService } from '../workspaces/workspace-service';
import type { PluginRegistry } from '../plugins/plugin-registry';

export const DEMO_EMAIL = 'demo@axal.example';
export const DEMO_WORKSPACE_NAME = 'Demo Practice';

const gstinOf = (stateCode: string, pan: string) => `${stateCode}${pan}1Z${gstinCheckCharacter(`${stateCode}${pan}1Z`)}`;

const business = (fields: Omit<Extract<ClientInput, { clientType: 'BUSINESS' }>, 'clientType' | 'gstin'>, stateCode: string): ClientInput => ({
  clientType: 'BUSINESS',
  ...fields,
  gstin: gstinOf(stateCode, fields.panNumber),
});

/** A dozen realistic clients of a small practice: PAN, GSTIN (with correct check characters) and TAN in valid formats. */
export const DEMO_CLIENTS: ClientInput[] = [
  business(
    {
      name: 'Shree Ganesh Traders Pvt Ltd',
      email: 'accounts@shreeganesh.example',
      phone: '+919820012345',
      panNumber: 'AABCS1234K',
      tan: 'MUMS12345B',
      industry: 'Wholesale Trade',
      contactPerson: 'Ramesh Iyer',
      businessAddress: '14, Kalbadevi Road, Mumbai - 400002',
    },
    '27',
  ),
  business(
    {
      name: 'Kaveri Textiles LLP',
      email: 'finance@kaveritextiles.example',
      phone: '9845011223',
      panNumber: 'AAKFK5566M',
      tan: 'BLRK45678D',
      industry: 'Textiles',
      contactPerson: 'Sunita Rao',
      businessAddress: '22, Residency Road, Bengaluru - 560025',
    },
    '29',
  ),
  business(
    {
      name: 'Narmada Agro Foods Pvt Ltd',
      email: 'cfo@narmadaagro.example',
      phone: '+917926543210',
      panNumber: 'AACCN7788P',
      tan: 'AHMN23456F',
      industry: 'Food Processing',
      contactPerson: 'Hitesh Patel',
      businessAddress: 'Plot 9, GIDC Estate, Vatva, Ahmedabad - 382445',
    },
    '24',
  ),
  business(
    {
      name: 'Coromandel Logistics',
      email: 'billing@coromandel.example',
      phone: '9444055667',
      panNumber: 'AAHFC3344Q',
      industry: 'Transport & Logistics',
      contactPerson: 'Karthik Subramanian',
      businessAddress: '5/2, Anna Salai, Chennai - 600002',
    },
    '33',
  ),
  business(
    {
      name: 'Himalaya Software Solutions Pvt Ltd',
      email: 'admin@himalayasoft.example',
      phone: '9811022334',
      panNumber: 'AADCH9900R',
      tan: 'DELH34567G',
      industry: 'Information Technology',
      contactPerson: 'Neha Kapoor',
      businessAddress: 'B-41, Sector 63, Noida - 201301',
    },
    '09',
  ),
  business(
    {
      name: 'Deccan Pharma Distributors',
      email: 'accounts@deccanpharma.example',
      phone: '9849033445',
      panNumber: 'AAEFD1122S',
      industry: 'Pharmaceuticals',
      contactPerson: 'Syed Imran',
      businessAddress: '8-2-293, Road No. 14, Banjara Hills, Hyderabad - 500034',
    },
    '36',
  ),
  business(
    {
      name: 'Bengal Jute Crafts',
      email: 'owner@bengaljute.example',
      phone: '9830044556',
      panNumber: 'ABTPB6677L',
      industry: 'Handicrafts',
      contactPerson: 'Arindam Bose',
      businessAddress: '12/1, College Street, Kolkata - 700073',
    },
    '19',
  ),
  {
    clientType: 'INDIVIDUAL',
    name: 'Priya Nair',
    email: 'priya.nair@mail.example',
    phone: '9847055667',
    panNumber: 'ABKPN4321M',
    aadhaarNumber: '234567890123',
    dateOfBirth: '1986-04-17',
    residentialAddress: 'Flat 5B, Lake View Apartments, Kochi - 682020',
    occupation: 'Architect',
  },
  {
    clientType: 'INDIVIDUAL',
    name: 'Rajesh Kumar Sharma',
    email: 'rk.sharma@mail.example',
    phone: '+919414066778',
    panNumber: 'AKLPS8765J',
    aadhaarNumber: '345678901234',
    dateOfBirth: '1971-11-02',
    residentialAddress: 'C-17, Malviya Nagar, Jaipur - 302017',
    occupation: 'Retired Government Officer',
  },
  {
    clientType: 'INDIVIDUAL',
    name: 'Ananya Deshpande',
    email: 'ananya.d@mail.example',
    phone: '9822077889',
    panNumber: 'BGHPD2468C',
    aadhaarNumber: '456789012345',
    dateOfBirth: '1992-07-23',
    residentialAddress: '302, Sai Residency, Kothrud, Pune - 411038',
    occupation: 'Software Engineer',
    industry: 'Information Technology',
  },
  {
    clientType: 'INDIVIDUAL',
    name: 'Dr. Harpreet Singh Gill',
    email: 'dr.gill@mail.example',
    phone: '9815088990',
    panNumber: 'CDRPG1357N',
    aadhaarNumber: '567890123456',
    dateOfBirth: '1979-01-30',
    residentialAddress: 'House 221, Sector 35-B, Chandigarh - 160022',
    occupation: 'Doctor',
    industry: 'Healthcare',
    tan: 'PTLG12345A',
  },
  {
    clientType: 'INDIVIDUAL',
    name: 'Fatima Sheikh',
    email: 'fatima.sheikh@mail.example',
    phone: '9869099001',
    panNumber: 'DMKPS9753H',
    aadhaarNumber: '678901234567',
    residentialAddress: '7, Mohammed Ali Road, Mumbai - 400003',
    occupation: 'Boutique Owner',
  },
];

const DEMO_NOTES: [clientIndex: number, content: string][] = [
  [0, 'GSTR-1 for the quarter filed; awaiting purchase register for GSTR-3B reconciliation.'],
  [0, 'Director asked about the new e-invoicing threshold; explained applicability from next quarter.'],
  [2, 'Statutory audit planning meeting fixed for the first week of next month.'],
  [7, 'Collected Form 16 and rent receipts for HRA; ITR-1 to be filed before 31 July.'],
  [8, 'Pension income and FD interest: check TDS credits in Form 26AS before filing.'],
];

/** Portal logins for some clients, sealed by the credential service like any saved through the app. */
const DEMO_CREDENTIALS: [clientIndex: number, platformName: 'GST' | 'INCOME_TAX', username: string][] = [
  [0, 'GST', 'shreeganesh_gst'],
  [0, 'INCOME_TAX', 'AABCS1234K'],
  [1, 'GST', 'kaveritex_gst'],
  [7, 'INCOME_TAX', 'ABKPN4321M'],
];

/** How many months ago the firm took on each demo client, in DEMO_CLIENTS' order: the practice grew over two years. */
const DEMO_CLIENT_MONTHS_AGO = [23, 22, 20, 18, 17, 14, 12, 10, 8, 6, 4, 2];
/** That many months before `now`, at 11:00 IST of that day. */
const takenOn = (monthsAgo: number, now: Date) => new Date(`${kolkataDayOf(subMonths(now, monthsAgo))}T11:00:00+05:30`);

async function seedDemoClients(container: Container, membership: Membership, owner: SessionUser): Promise<{ externalId: string; name: string }[]> {
  const clients = container.get(ClientService);
  const credentials = container.get(CredentialService);
  const created = [];
  const now = new Date();
  for (const [index, input] of DEMO_CLIENTS.entries()) {
    created.push((await clients.create(membership, input, owner, takenOn(DEMO_CLIENT_MONTHS_AGO[index]!, now))).client);
  }
  for (const [index, content] of DEMO_NOTES) await clients.addNote(membership, created[index].externalId, content, owner);
  for (const [index, platformName, username] of DEMO_CREDENTIALS) {
    await credentials.save(membership, created[index].externalId, { platformName, username, password: randomBytes(9).toString('base64url') }, owner);
  }
  return created.map((client) => ({ externalId: client.externalId, name: client.name }));
}

/**
 * The firm's people besides the owner: two staff and a client's accountant who signs in for Shree Ganesh Traders alone.
 * Their passwords are random and never shown; "Forgot password" (mail goes to the development mailbox) signs in as one.
 */
const DEMO_TEAM: { name: string; email: string; role: Role; clientIndexes?: number[] }[] = [
  { name: 'Meera Krishnan', email: 'meera.krishnan@axal.example', role: 'ADMIN' },
  { name: 'Arjun Mehta', email: 'arjun.mehta@axal.example', role: 'EMPLOYEE' },
  { name: 'Ramesh Iyer', email: 'ramesh.iyer@shreeganesh.example', role: 'CLIENT', clientIndexes: [0] },
];

async function seedDemoTeam(container: Container, membership: Membership, clients: { externalId: string }[]): Promise<DemoTeamMember[]> {
  const config = container.get<Config>(TOKENS.Config);
  const directory = container.get<ClientDirectory>(TOKENS.Clients);
  const workspaceId = membership.workspace.id;
  const team: DemoTeamMember[] = [];
  for (const person of DEMO_TEAM) {
    const passwordHash = await hashPassword(demoPassword(), config.passwordHashCost);
    const user = await container.get<Knex>(TOKENS.Knex).transaction(async (trx) => {
      const account = await User.query(trx).insert({ name: person.name, email: person.email, passwordHash, emailVerifiedAt: new Date() });
      await WorkspaceMember.query(trx).insert({ workspaceId, userId: account.id, role: person.role });
      const linked = await directory.resolveExternalIds(
        workspaceId,
        (person.clientIndexes ?? []).map((index) => clients[index]!.externalId),
        trx,
      );
      await directory.linkMemberToClients(
        workspaceId,
        account.id,
        linked.map((client) => client.id),
        trx,
      );
      return account;
    });
    team.push({ id: user.id, ...user.toPublic(), role: person.role });
  }
  return team;
}

/** Each enabled plugin adds its own sample data, in dependency order, after the core's. */
async function seedDemoPlugins(
  container: Container,
  membership: Membership,
  owner: SessionUser,
  team: DemoTeamMember[],
  clients: { externalId: string; name: string }[],
): Promise<void> {
  const registry = container.get<PluginRegistry>(TOKENS.PluginRegistry);
  const workspacePlugins = container.get<WorkspacePluginsService>(TOKENS.WorkspacePlugins);
  for (const plugin of registry.plugins) {
    const seed = plugin.definition?.seedDemo;
    if (seed && (await workspacePlugins.isEnabled(membership.workspace.id, plugin.manifest.id))) {
      await seed({ container, membership, owner, team, clients });
    }
  }
}

/** A password that passes the sign-up rules: mixed case, digit, symbol, no repeats or common runs. */
function demoPassword(): string {
  const body = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  const candidate = `Dm7#${body}`;
  return /(.)\1\1|password|123|abc/i.test(candidate) ? demoPassword() : candidate;
}

/** The advisory lock the demo seed holds while it runs (any number unique to this purpose). */
const DEMO_SEED_LOCK = 7_310_001;

/**
 * On an empty database, makes a demo OWNER and workspace so a fresh install has something to sign in to.
 * Returns the credentials, which the caller prints once; they are not stored anywhere in plain text.
 */
export async function seedDemoWorkspace(container: Container): Promise<{ email: string; password: string; workspaceId: string } | null> {
  // Web processes started together on an empty database seed one after the other: the second waits for the first
  // to finish, then finds its owner and seeds nothing (it failed on the demo owner's unique email).
  return container.get<Knex>(TOKENS.Knex).transaction(async (lockHolder) => {
    await lockHolder.raw('select pg_advisory_xact_lock(?)', [DEMO_SEED_LOCK]);
    return seedOnEmptyDatabase(container);
  });
}

async function seedOnEmptyDatabase(container: Container): Promise<{ email: string; password: string; workspaceId: string } | null> {
  const config = container.get<Config>(TOKENS.Config);
  const users = await User.query().resultSize();
  if (users > 0) return null;
  const password = demoPassword();
  const owner = await User.query().insert({
    name: 'Demo Owner',
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(password, config.passwordHashCost),
    emailVerifiedAt: new Date(),
  });
  const actor: SessionUser = { id: owner.id, ...owner.toPublic() };
  const workspace = await container.get(WorkspaceService).create(DEMO_WORKSPACE_NAME, actor);
  const membership: Membership = { workspace: { id: workspace.id, externalId: workspace.externalId, name: workspace.name }, role: 'OWNER' };
  const clients = await seedDemoClients(container, membership, actor);
  const team = await seedDemoTeam(container, membership, clients);
  await seedDemoPlugins(container, membership, actor, team, clients);
  return { email: DEMO_EMAIL, password, workspaceId: workspace.externalId };
}
