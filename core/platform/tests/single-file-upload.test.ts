import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { errorHandler } from '../../host/error-handler';
import { createLogger } from '../logger';
import { readSingleFileUpload, UPLOAD_MESSAGES, type SingleFileUploadLimits } from '../single-file-upload';

const LIMITS: SingleFileUploadLimits = {
  maxFileBytes: 16,
  tooLargeMessage: 'Keep it under 16 bytes',
  maxFields: 2,
  maxFieldsBytes: 32,
  allowEmptyFile: false,
};

/** An app whose one route answers what the reader made of the body, the file's bytes as text. */
function appReading(limits: SingleFileUploadLimits) {
  const app = express();
  app.post('/upload', async (req, res) => {
    const { fields, file } = await readSingleFileUpload(req, limits);
    res.json({ fields, file: file && { name: file.name ?? null, text: file.bytes.toString('utf8') } });
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('readSingleFileUpload', () => {
  const app = appReading(LIMITS);

  it('answers the file in memory with its display name, and the first value of each field', async () => {
    const { body } = await request(app)
      .post('/upload')
      .field('workspaceId', 'ws-1')
      .attach('anything', Buffer.from('a,b\n1,2\n'), { filename: `C:\\Users\\me\\  ${'n'.repeat(210)}.csv  ` })
      .expect(200);
    expect(body.fields).to.deep.equal({ workspaceId: 'ws-1' });
    expect(body.file).to.deep.equal({ name: 'n'.repeat(200), text: 'a,b\n1,2\n' });
  });

  it('gives no name when the name holds control characters, and reads no body that is not multipart', async () => {
    const named = await request(app).post('/upload').attach('file', Buffer.from('x'), { filename: 'bad\u0007name.csv' }).expect(200);
    expect(named.body.file).to.deep.equal({ name: null, text: 'x' });
    const json = await request(app).post('/upload').send({ file: 'x' }).expect(200);
    expect(json.body).to.deep.equal({ fields: {} });
  });

  it("refuses a file over the limit with the caller's 413, a second file, and a form over its field limits", async () => {
    const tooLarge = await request(app).post('/upload').attach('file', Buffer.alloc(17, 'x'), 'big.csv').expect(413);
    expect(tooLarge.body).to.deep.equal({ error: LIMITS.tooLargeMessage });
    const two = await request(app).post('/upload').attach('file', Buffer.from('a'), 'a.csv').attach('other', Buffer.from('b'), 'b.csv').expect(400);
    expect(two.body).to.deep.equal({ error: UPLOAD_MESSAGES.oneFileOnly });
    const manyFields = await request(app).post('/upload').field('a', '1').field('b', '2').field('c', '3').expect(400);
    expect(manyFields.body).to.deep.equal({ error: UPLOAD_MESSAGES.unreadable });
    const longField = await request(app).post('/upload').field('a', 'x'.repeat(33)).expect(400);
    expect(longField.body).to.deep.equal({ error: UPLOAD_MESSAGES.unreadable });
  });

  it('refuses or passes an empty file as the caller chose, and a file outside the named field', async () => {
    const refused = await request(app).post('/upload').attach('file', Buffer.alloc(0), 'empty.csv').expect(400);
    expect(refused.body).to.deep.equal({ error: UPLOAD_MESSAGES.emptyFile });
    const allowing = appReading({ ...LIMITS, allowEmptyFile: true, fileField: 'file' });
    const passed = await request(allowing).post('/upload').attach('file', Buffer.alloc(0), 'empty.csv').expect(200);
    expect(passed.body.file).to.deep.equal({ name: 'empty.csv', text: '' });
    const elsewhere = await request(allowing).post('/upload').attach('upload', Buffer.from('x'), 'x.csv').expect(400);
    expect(elsewhere.body).to.deep.equal({ error: UPLOAD_MESSAGES.wrongField('file') });
  });
});
