import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, NOTICE_IMPORT_COLUMNS, NOTICE_MESSAGES, NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import { API, call, createNotice, get, HOST_START_TIMEOUT_MS, startNoticesOnlyHost, type TestHost, type TestSession } from './support';

const HEADER = NOTICE_IMPORT_COLUMNS.join(',');
/** The PANs the XLSX fixture names (written once with SheetJS, as a spreadsheet program saves a workbook). */
const KAVERI_PAN = 'AABCK1234K';
const NAIR_PAN = 'ABKPN4321M';
const SPREADSHEET_FIXTURE = readFileSync(new URL('./fixtures/notices-from-spreadsheet.xlsx', import.meta.url));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A zip whose directory declares one part of almost 4 GB, as a zip bomb would: refused before anything is unpacked. */
function zipDeclaringAHugePart(): Buffer {
  const localHeader = Buffer.alloc(30);
  localHeader.writeUInt32LE(0x04034b50, 0);
  const directoryEntry = Buffer.alloc(46);
  directoryEntry.writeUInt32LE(0x02014b50, 0);
  directoryEntry.writeUInt32LE(0xfffffff0, 24);
  const endOfDirectory = Buffer.alloc(22);
  endOfDirectory.writeUInt32LE(0x06054b50, 0);
  endOfDirectory.writeUInt16LE(1, 8);
  endOfDirectory.writeUInt16LE(1, 10);
  endOfDirectory.writeUInt32LE(directoryEntry.length, 12);
  endOfDirectory.writeUInt32LE(localHeader.length, 16);
  return Buffer.concat([localHeader, directoryEntry, endOfDirectory]);
}

const upload = (session: TestSession, workspaceId: string, content: string | Buffer, filename = `workspace-${workspaceId}.csv`) =>
  session.agent
    .post(`${API}/${NOTICES_ROUTES.upload}`)
    .query({ workspaceId })
    .set('X-CSRF-Token', session.csrf)
    .field('workspaceExternalId', workspaceId)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), filename);

const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('notices: bulk import', function () {
  let notices: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let kaveriId: string;

  /** A client with a PAN of our choosing, so the files can name it. */
  async function clientWithPan(session: TestSession, workspace: string, panNumber: string, name: string): Promise<string> {
    const response = await call(session, 'post', '/clients', {
      workspaceExternalId: workspace,
      clientType: panNumber[3] === 'P' ? 'INDIVIDUAL' : 'BUSINESS',
      name,
      email: `${panNumber.toLowerCase()}.${workspace.slice(0, 8)}@clients.example`,
      phone: '9820012345',
      panNumber,
      businessAddress: '22, Residency Road, Bengaluru - 560025',
      residentialAddress: '7/3, Temple Street, Madurai - 625001',
      aadhaarNumber: '234567890123',
    });
    if (response.status !== 201) throw new Error(`client creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.client.externalId;
  }

  const noticesOf = async (session: TestSession, workspace: string): Promise<NoticeView[]> =>
    (await get(session, NOTICES_ROUTES.all, { workspaceId: workspace }).expect(200)).body.data;
  const byReference = (list: NoticeView[]) => new Map(list.map((notice) => [notice.reference, notice]));

  /** A workspace of its own with the fixture's two clients, for a test that looks at what it stored. */
  async function freshWorkspace(): Promise<{ workspace: string; kaveri: string }> {
    const workspace = (await notices.createWorkspace(owner)).externalId;
    const kaveri = await clientWithPan(owner, workspace, KAVERI_PAN, 'Kaveri Textiles Pvt Ltd');
    await clientWithPan(owner, workspace, NAIR_PAN, 'Priya Nair');
    return { workspace, kaveri };
  }

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesOnlyHost();
    owner = await notices.signedInUser('import-owner');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    kaveriId = await clientWithPan(owner, workspaceId, KAVERI_PAN, 'Kaveri Textiles Pvt Ltd');
    await clientWithPan(owner, workspaceId, NAIR_PAN, 'Priya Nair');
  });

  after(() => notices?.stop());

  it('offers the template as a CSV download with the columns and one GST and one Income Tax example', async () => {
    const response = await get(owner, NOTICES_ROUTES.importTemplate, { workspaceId }).buffer(true).expect(200);
    expect(response.headers['content-type']).to.match(/^text\/csv/);
    expect(response.headers['content-disposition']).to.equal('attachment; filename="notices-import-template.csv"');
    const [header, ...examples] = response.text.trim().split(/\r?\n/);
    expect(header).to.equal(HEADER);
    expect(examples).to.have.length(2);
    expect(examples[0]).to.include(',GST,');
    expect(examples[1]).to.include(',Income Tax,');
  });

  it('imports a CSV: every row a NEW notice from IMPORT, with its history naming the file', async () => {
    const { workspace } = await freshWorkspace();
    const { body } = await upload(
      owner,
      workspace,
      csv(
        `${KAVERI_PAN},GST,DRC-01,ZD270326000111A,2026-03-31,30/04/2026,"Demand for FY 2023-24, interest and penalty",High,"1,25,000.50"`,
        `${NAIR_PAN.toLowerCase()},income tax,Section 148A(b),ITBA/AST/F/148A/2026-27/1,31 Mar 2026,,,,`,
      ),
      'march-notices.csv',
    ).expect(201);
    expect(body).to.deep.equal({ created: 2, duplicates: [], total: 2 });

    const stored = byReference(await noticesOf(owner, workspace));
    expect(stored.get('ZD270326000111A')).to.include({
      department: 'GST',
      noticeType: 'DRC-01',
      description: 'Demand for FY 2023-24, interest and penalty',
      priority: 'HIGH',
      status: 'NEW',
      dateOfIssuance: '2026-03-31',
      dueDate: '2026-04-30',
      amountDemanded: '125000.50',
      source: 'IMPORT',
      clientName: 'Kaveri Textiles Pvt Ltd',
    });
    const incomeTax = stored.get('ITBA/AST/F/148A/2026-27/1')!;
    expect(incomeTax).to.include({ department: 'INCOME_TAX', priority: 'MEDIUM', dateOfIssuance: '2026-03-31', dueDate: null, amountDemanded: null });
    const history = await get(owner, NOTICES_ROUTES.activities(incomeTax.externalId), { workspaceId: workspace }).expect(200);
    expect(history.body.data.map((entry: { action: string }) => entry.action)).to.deep.equal(['Imported from march-notices.csv']);
  });

  it('reads a CSV with a byte-order mark and Windows line ends, skipping blank lines', async () => {
    const { workspace } = await freshWorkspace();
    const content = `\uFEFF${[HEADER, `${KAVERI_PAN},GST,REG-17,ZD2703BOM1,10-03-2026,,,Low,`, '', ',,,,,,,,', `${NAIR_PAN},IT,Section 139(9),ITBA/DEF/139(9)/1,,,,,500`, ''].join('\r\n')}`;
    expect((await upload(owner, workspace, content).expect(201)).body).to.deep.equal({ created: 2, duplicates: [], total: 2 });
    const stored = byReference(await noticesOf(owner, workspace));
    expect(stored.get('ZD2703BOM1')).to.include({ noticeType: 'REG-17', priority: 'LOW', dateOfIssuance: '2026-03-10' });
    expect(stored.get('ITBA/DEF/139(9)/1')).to.include({ department: 'INCOME_TAX', amountDemanded: '500.00' });
  });

  it('imports an XLSX as a spreadsheet program writes it: date cells, shared strings, formatted numbers, a formula', async () => {
    const { workspace } = await freshWorkspace();
    const { body } = await upload(owner, workspace, SPREADSHEET_FIXTURE, 'notices.xlsx').expect(201);
    expect(body).to.deep.equal({ created: 3, duplicates: [], total: 3 });
    const stored = byReference(await noticesOf(owner, workspace));
    expect(stored.get('ZD2703260001X')).to.include({
      department: 'GST',
      dateOfIssuance: '2026-03-10',
      dueDate: '2026-04-09',
      priority: 'HIGH',
      amountDemanded: '125000.50',
      clientName: 'Kaveri Textiles Pvt Ltd',
    });
    expect(stored.get('ITBA/AST/S/143(2)/2025-26/1075432189(1)')).to.include({
      department: 'INCOME_TAX',
      dateOfIssuance: '2026-03-15',
      dueDate: '2026-03-30',
      priority: 'LOW',
      amountDemanded: '125000.00',
      clientName: 'Priya Nair',
    });
    expect(stored.get('ROC/2026/77')).to.include({ department: 'COMPLIANCE', priority: 'MEDIUM', amountDemanded: '5000.00', dateOfIssuance: null });
  });

  it('imports an XLSX whatever its file is called, reading rich text, hyperlinks and formula results', async () => {
    const { workspace } = await freshWorkspace();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Register');
    sheet.addRow(['  client pan ', 'DEPARTMENT', 'Notice type', 'Reference / DIN', 'Due date', 'Amount']);
    sheet.addRow([
      { richText: [{ text: 'AABCK' }, { text: '1234K', font: { bold: true } }] },
      { formula: 'UPPER("gst")', result: 'GST' },
      { text: 'GSTR-3A', hyperlink: 'https://www.gst.gov.in' },
      'ZD27XLSX0001',
      new Date(Date.UTC(2026, 5, 30)),
      { formula: '1000*12.5', result: 12500 },
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await upload(owner, workspace, bytes, 'register.csv').expect(201)).body).to.include({ created: 1 });
    expect(byReference(await noticesOf(owner, workspace)).get('ZD27XLSX0001')).to.include({
      department: 'GST',
      noticeType: 'GSTR-3A',
      dueDate: '2026-06-30',
      amountDemanded: '12500.00',
    });
  });

  it('refuses the whole file when any row breaks a rule, listing every row by the number the spreadsheet shows', async () => {
    const { workspace } = await freshWorkspace();
    const response = await upload(
      owner,
      workspace,
      csv(
        `${KAVERI_PAN},GST,ASMT-10,ZD27GOOD1,,,,,`,
        '',
        `ZZZZZ9999Z,Customs,,,31/02/2026,soon,,Urgent,-5`,
        `${NAIR_PAN},Income Tax,Section 143(1)(a),ITBA/1,2026-03-01,,,,1.255`,
      ),
    ).expect(422);
    expect(response.body).to.deep.equal({
      error: NOTICE_MESSAGES.importValidationFailed,
      details: {
        rows: [
          {
            row: 4,
            errors: [
              NOTICE_MESSAGES.importUnknownPan('ZZZZZ9999Z'),
              NOTICE_MESSAGES.invalidDepartment,
              NOTICE_MESSAGES.noticeTypeRequired,
              NOTICE_MESSAGES.referenceRequired,
              NOTICE_MESSAGES.invalidDate('Date of Issuance'),
              NOTICE_MESSAGES.invalidDate('Due Date'),
              NOTICE_MESSAGES.invalidPriority,
              NOTICE_MESSAGES.invalidAmount,
            ],
          },
          { row: 5, errors: [NOTICE_MESSAGES.invalidAmount] },
        ],
      },
    });
    expect(await noticesOf(owner, workspace)).to.deep.equal([]);
  });

  it('refuses a client of another workspace as an unknown PAN', async () => {
    const elsewhere = (await notices.createWorkspace(owner)).externalId;
    await clientWithPan(owner, elsewhere, 'AAFCE5678E', 'Elsewhere Traders');
    const { body } = await upload(owner, workspaceId, csv('AAFCE5678E,GST,ASMT-10,ZD27ELSEWHERE,,,,,')).expect(422);
    expect(body.details.rows).to.deep.equal([{ row: 2, errors: [NOTICE_MESSAGES.importUnknownPan('AAFCE5678E')] }]);
  });

  it('skips and reports a reference the client already has, or one repeated in the file, creating the rest', async () => {
    const { workspace, kaveri } = await freshWorkspace();
    await createNotice(owner, workspace, kaveri, { reference: 'ZD27EXISTING' });
    const { body } = await upload(
      owner,
      workspace,
      csv(
        `${KAVERI_PAN},GST,ASMT-10,zd27existing,,,,,`,
        `${KAVERI_PAN},GST,DRC-01,ZD27NEW1,,,,,`,
        `${NAIR_PAN},GST,DRC-01,ZD27NEW1,,,,,`,
        `${KAVERI_PAN},GST,DRC-01A,ZD27new1,,,,,`,
      ),
    ).expect(201);
    expect(body).to.deep.equal({
      created: 2,
      duplicates: [
        { row: 2, reference: 'zd27existing', clientPan: KAVERI_PAN },
        { row: 5, reference: 'ZD27new1', clientPan: KAVERI_PAN },
      ],
      total: 4,
    });
    const stored = await noticesOf(owner, workspace);
    expect(stored.map((notice) => `${notice.clientName}: ${notice.reference} ${notice.noticeType}`).sort()).to.deep.equal([
      'Kaveri Textiles Pvt Ltd: ZD27EXISTING ASMT-10',
      'Kaveri Textiles Pvt Ltd: ZD27NEW1 DRC-01',
      'Priya Nair: ZD27NEW1 DRC-01',
    ]);
  });

  it('answers 422 for a file that is neither a CSV nor an XLSX, whatever its name', async () => {
    for (const [content, name] of [
      [PNG, 'notices.csv'],
      [PNG, 'notices.xlsx'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), 'notices.xlsx'],
      [Buffer.alloc(0), 'empty.csv'],
    ] as const) {
      const { body } = await upload(owner, workspaceId, content, name).expect(422);
      expect(body.error, name).to.be.oneOf([NOTICE_MESSAGES.importFileType, NOTICE_MESSAGES.importUnreadable]);
    }
    expect((await upload(owner, workspaceId, PNG, 'scan.png').expect(422)).body).to.deep.equal({ error: NOTICE_MESSAGES.importFileType });
    expect((await upload(owner, workspaceId, zipDeclaringAHugePart(), 'bomb.xlsx').expect(422)).body).to.deep.equal({
      error: NOTICE_MESSAGES.importUnreadable,
    });
  });

  it('answers 422 for missing columns, no rows or too many rows', async () => {
    const { workspace } = await freshWorkspace();
    const missing = await upload(owner, workspace, `Client PAN,Notice Type,Due Date\n${KAVERI_PAN},ASMT-10,\n`).expect(422);
    expect(missing.body).to.deep.equal({ error: NOTICE_MESSAGES.importMissingColumns(['Department', 'Reference/DIN']) });
    expect((await upload(owner, workspace, `${HEADER}\r\n\r\n`).expect(422)).body).to.deep.equal({ error: NOTICE_MESSAGES.importEmpty });
    const tooMany = csv(...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => `${KAVERI_PAN},GST,ASMT-10,ZD27MANY${index},,,,,`));
    expect((await upload(owner, workspace, tooMany).expect(422)).body).to.deep.equal({ error: NOTICE_MESSAGES.importTooManyRows });
    expect(await noticesOf(owner, workspace)).to.deep.equal([]);
  });

  it('answers 413 for a file over the limit and 400 when no file is sent', async () => {
    const tooLarge = await upload(owner, workspaceId, `${HEADER}\n${'x'.repeat(MAX_IMPORT_BYTES + 1)}`).expect(413);
    expect(tooLarge.body).to.deep.equal({ error: NOTICE_MESSAGES.importTooLarge });
    const noFile = await owner.agent
      .post(`${API}/${NOTICES_ROUTES.upload}`)
      .query({ workspaceId })
      .set('X-CSRF-Token', owner.csrf)
      .field('workspaceExternalId', workspaceId)
      .expect(400);
    expect(noFile.body).to.deep.equal({ error: NOTICE_MESSAGES.importFileRequired });
    const json = await call(owner, 'post', `/${NOTICES_ROUTES.upload}`, { workspaceId }).expect(400);
    expect(json.body).to.deep.equal({ error: NOTICE_MESSAGES.importFileRequired });
  });

  it('lets staff import and refuses CLIENT members and outsiders', async () => {
    const employee = await notices.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const client = await notices.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [kaveriId] });
    const outsider = await notices.signedInUser('import-outsider');
    await notices.createWorkspace(outsider);

    const row = (reference: string) => csv(`${KAVERI_PAN},GST,ASMT-10,${reference},,,,,`);
    expect((await upload(employee, workspaceId, row('ZD27EMPLOYEE')).expect(201)).body).to.include({ created: 1 });
    expect((await upload(client, workspaceId, row('ZD27CLIENT')).expect(403)).body).to.deep.equal({ error: NOTICE_MESSAGES.forbiddenImport });
    await get(client, NOTICES_ROUTES.importTemplate, { workspaceId }).expect(403);
    expect((await upload(outsider, workspaceId, row('ZD27OUTSIDER')).expect(404)).body).to.deep.equal({ error: 'Workspace not found' });
    await get(outsider, NOTICES_ROUTES.importTemplate, { workspaceId }).expect(404);
    const references = (await noticesOf(owner, workspaceId)).map((notice) => notice.reference);
    expect(references).to.include('ZD27EMPLOYEE').and.not.include.members(['ZD27CLIENT', 'ZD27OUTSIDER']);
  });
});
