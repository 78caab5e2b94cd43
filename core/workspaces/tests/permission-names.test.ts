import { expect } from 'chai';
import { pluginManifestSchema } from '../../plugin-api/manifest';

/** The problems of a manifest declaring `permissions`, as `path: message` lines. */
function problemsOf(id: string, permissions: Record<string, string[]>): string[] {
  const parsed = pluginManifestSchema.safeParse({ id, name: id, version: '1.0.0', description: `${id} plugin`, permissions });
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('plugin permission names', () => {
  it('accepts <pluginId>.<verb> with a snake_case verb', () => {
    expect(problemsOf('gst-returns', { 'gst-returns.file_returns': ['OWNER'], 'gst-returns.view': ['CLIENT'] })).to.deep.equal([]);
  });

  it('refuses a name under another plugin id, naming the plugin that declares it', () => {
    expect(problemsOf('gst-returns', { 'tasks.assign': ['OWNER'] })).to.deep.equal([
      'permissions.tasks.assign: plugin gst-returns must name its permissions gst-returns.<verb>, with a snake_case verb',
    ]);
  });

  it('refuses an un-prefixed name, a missing verb and a verb that is not snake_case', () => {
    for (const name of [
      'file_returns',
      'constructor',
      'gst-returns.',
      'gst-returns.FileReturns',
      'gst-returns.file-returns',
      'gst-returns.a.b',
      'gst-returnsfile',
    ]) {
      expect(problemsOf('gst-returns', { [name]: ['OWNER'] }), name).to.deep.equal([
        `permissions.${name}: plugin gst-returns must name its permissions gst-returns.<verb>, with a snake_case verb`,
      ]);
    }
  });

  it('keeps the spec names of the documents permissions, for the documents plugin only', () => {
    const names = ['delete_documents', 'assign_client', 'manage_storage', 'view_storage', 'upload'];
    expect(problemsOf('documents', Object.fromEntries(names.map((name) => [name, ['OWNER']])))).to.deep.equal([]);
    expect(problemsOf('documents', { 'documents.share': ['OWNER'] })).to.deep.equal([]);
    expect(problemsOf('tasks', { upload: ['OWNER'] })).to.deep.equal([
      'permissions.upload: plugin tasks may not declare upload, which belongs to the documents plugin; name it tasks.<verb>',
    ]);
  });

  it('refuses a core permission name like any other un-prefixed one', () => {
    expect(problemsOf('tasks', { manage_clients: ['OWNER'] })).to.have.length(1);
  });
});
