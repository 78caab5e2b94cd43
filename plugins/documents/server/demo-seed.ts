import { randomUUID } from 'node:crypto';
import { TOKENS, type PluginDemoSeedContext, type StorageService } from '../../../core/plugin-api';
import { mimeTypeOf } from '../shared/wire';
import { pdfFile, pngFile, textFile, xlsxFile } from './demo-files';
import { DocumentService } from './document-service';

interface DemoFolder {
  path: string;
  /** Index into the demo clients (core/host/seed-demo.ts); the folder is assigned to that client. */
  clientIndex?: number;
  files: { name: string; body: () => Buffer | Promise<Buffer> }[];
}

const DEMO_FOLDERS: DemoFolder[] = [
  {
    path: 'Clients/Shree-Ganesh-Traders',
    clientIndex: 0,
    files: [
      {
        name: 'Engagement Letter FY 2025-26.pdf',
        body: () =>
          pdfFile('Engagement Letter - FY 2025-26', [
            'Shree Ganesh Traders Pvt Ltd',
            'Scope: GST returns, TDS returns, statutory audit support.',
            'Fees payable quarterly in advance.',
          ]),
      },
    ],
  },
  {
    path: 'Clients/Shree-Ganesh-Traders/GST-Returns',
    clientIndex: 0,
    files: [
      {
        name: 'GSTR-3B Summary Q2.pdf',
        body: () =>
          pdfFile('GSTR-3B Summary - Q2 FY 2025-26', [
            'Outward taxable supplies: Rs 48,20,000',
            'Input tax credit availed: Rs 6,12,400',
            'Net tax paid in cash: Rs 2,55,200',
          ]),
      },
      {
        name: 'Sales Register Sep 2025.xlsx',
        body: () =>
          xlsxFile('Sales', [
            ['Invoice No', 'Date', 'Customer GSTIN', 'Taxable Value', 'IGST', 'CGST', 'SGST'],
            ['SGT/25-26/0412', '2025-09-03', '27AAACR5055K1Z7', 125000, 0, 11250, 11250],
            ['SGT/25-26/0413', '2025-09-09', '29AABCT1332L1ZU', 86000, 15480, 0, 0],
            ['SGT/25-26/0414', '2025-09-21', '27AADCB2230M1Z2', 240000, 0, 21600, 21600],
          ]),
      },
    ],
  },
  {
    path: 'Clients/Kaveri-Textiles/Audit-2025',
    clientIndex: 1,
    files: [
      {
        name: 'Trial Balance Mar 2025.xlsx',
        body: () =>
          xlsxFile('Trial Balance', [
            ['Ledger', 'Debit', 'Credit'],
            ['Share Capital', 0, 2500000],
            ['Sundry Debtors', 1840000, 0],
            ['Stock in Trade', 2210000, 0],
            ['Sundry Creditors', 0, 1550000],
          ]),
      },
      { name: 'Warehouse Stock Photo.png', body: () => pngFile(96, 64, [31, 94, 158], [120, 200, 160]) },
    ],
  },
  {
    path: 'Clients/Priya-Nair/ITR-AY-2025-26',
    clientIndex: 7,
    files: [
      {
        name: 'Form 16 FY 2024-25.pdf',
        body: () =>
          pdfFile('Form 16 - Part B (summary)', ['Employee: Priya Nair', 'Gross salary: Rs 18,40,000', 'Tax deducted at source: Rs 2,96,400']),
      },
      { name: 'Rent Receipt Scan.png', body: () => pngFile(80, 80, [200, 160, 90], [240, 230, 210]) },
    ],
  },
  {
    path: 'Templates',
    files: [
      {
        name: 'Client Onboarding Checklist.txt',
        body: () =>
          textFile('PAN card\nAadhaar card\nGST registration certificate\nBank statement (last 6 months)\nPrevious year ITR acknowledgement\n'),
      },
    ],
  },
];

/** A few folders with real small files for some demo clients, uploaded and registered the way the app does it. */
export async function seedDemoDocuments({ container, membership, owner, clients }: PluginDemoSeedContext): Promise<void> {
  const documents = container.get(DocumentService);
  const storage = container.get<StorageService>(TOKENS.Storage);
  const viewer = { membership, user: owner };
  for (const folder of DEMO_FOLDERS) {
    const client = folder.clientIndex === undefined ? undefined : clients[folder.clientIndex];
    await documents.createDirectory(viewer, folder.path, client?.externalId);
    for (const file of folder.files) {
      const body = await file.body();
      const fileKey = `${membership.workspace.externalId}/${randomUUID()}`;
      await storage.upload(fileKey, body, mimeTypeOf(file.name));
      await documents.create(viewer, {
        fileKey,
        filename: file.name,
        directory: folder.path,
        size: body.length,
        clientExternalId: client?.externalId,
      });
    }
  }
}
