import { expect } from 'chai';
import { attachmentLinkFailedMessage } from '../web/attachment-messages';

describe('documents: attachment upload messages', () => {
  it('name the record the file failed to attach to, as spec 2 section 8 words them', () => {
    expect(attachmentLinkFailedMessage('task')).to.equal('Failed to create task attachment');
    expect(attachmentLinkFailedMessage('notice')).to.equal('Failed to create notice attachment');
  });
});
