import { expect } from 'chai';
import { DEMO_CLIENTS } from '../../host/seed-demo';
import { GSTIN_CHECK_WARNING, gstinCheckCharacter, gstinPanMismatchWarning, gstinWarnings, hasValidGstinCheckCharacter, panOfGstin } from '../gstin';
import { bulkImportRowSchema, clientInputSchema, clientPatchSchemas, MESSAGES } from '../schemas';
import { businessClient, individualClient } from './support';

describe('GSTIN check character', () => {
  it('matches published GSTINs', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4']) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).to.equal(gstin[14]);
      expect(hasValidGstinCheckCharacter(gstin)).to.equal(true);
    }
  });

  it('notices a changed character', () => {
    expect(hasValidGstinCheckCharacter('27AAPFU0939F1ZW')).to.equal(false);
    expect(hasValidGstinCheckCharacter('27AAPFU0938F1ZV')).to.equal(false);
  });

  it('finds the PAN inside and warns about doubts only', () => {
    expect(panOfGstin('27AAPFU0939F1ZV')).to.equal('AAPFU0939F');
    expect(gstinWarnings('27AAPFU0939F1ZV', 'AAPFU0939F')).to.deep.equal([]);
    expect(gstinWarnings(null, 'AAPFU0939F')).to.deep.equal([]);
    expect(gstinWarnings('27AAPFU0939F1ZW', 'ABCDE1234F')).to.deep.equal([GSTIN_CHECK_WARNING, gstinPanMismatchWarning('AAPFU0939F')]);
  });
});

describe('client schemas', () => {
  it('normalise codes, phone numbers and blank optional fields', () => {
    const parsed = clientInputSchema.parse(
      businessClient({ panNumber: ' aapfu 0939f ', gstin: '27aapfu0939f1zv', phone: '0 98200 12345', tan: '', industry: '  ' }),
    );
    expect(parsed).to.include({ panNumber: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV', phone: '09820012345', tan: null, industry: null });
  });

  it('accept the phone prefixes of the spec and nothing else', () => {
    for (const phone of ['9876543210', '+919876543210', '09876543210', '6000000000'])
      expect(clientInputSchema.safeParse(businessClient({ phone })).success, phone).to.equal(true);
    for (const phone of ['919876543210', '+9198765432100', '5876543210', '+449876543210', '98765-4321']) {
      expect(clientInputSchema.safeParse(businessClient({ phone })).error?.issues[0].message, phone).to.equal(MESSAGES.phone);
    }
  });

  it('drop fields of the other client type', () => {
    const parsed = clientInputSchema.parse(businessClient({ aadhaarNumber: '123412341234' }));
    expect(parsed).to.not.have.property('aadhaarNumber');
  });

  it('let a patch hold any subset of fields, each still validated', () => {
    expect(clientPatchSchemas.INDIVIDUAL.parse({ occupation: 'Teacher' })).to.deep.equal({ occupation: 'Teacher' });
    expect(clientPatchSchemas.INDIVIDUAL.safeParse({ aadhaarNumber: '1234' }).error?.issues[0].message).to.equal(MESSAGES.aadhaar);
  });

  it('require a GSTIN on business rows of the bulk import only', () => {
    expect(clientInputSchema.safeParse(businessClient({ gstin: '' })).success).to.equal(true);
    expect(bulkImportRowSchema.safeParse(businessClient({ gstin: '' })).error?.issues[0].message).to.equal(MESSAGES.gstinRequired);
    expect(bulkImportRowSchema.safeParse(individualClient()).success).to.equal(true);
  });
});

describe('demo clients', () => {
  it('are valid clients with unique PANs and emails and correct GSTINs', () => {
    expect(DEMO_CLIENTS.length).to.be.at.least(12);
    expect(new Set(DEMO_CLIENTS.map((client) => client.panNumber)).size).to.equal(DEMO_CLIENTS.length);
    expect(new Set(DEMO_CLIENTS.map((client) => client.email)).size).to.equal(DEMO_CLIENTS.length);
    for (const client of DEMO_CLIENTS) {
      const parsed = clientInputSchema.parse(client);
      if (parsed.clientType === 'BUSINESS') expect(gstinWarnings(parsed.gstin, parsed.panNumber), client.name).to.deep.equal([]);
    }
    expect(new Set(DEMO_CLIENTS.map((client) => client.clientType))).to.have.keys('BUSINESS', 'INDIVIDUAL');
  });
});
