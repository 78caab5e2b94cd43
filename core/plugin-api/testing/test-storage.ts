import { startAzurite, type AzuriteProcess } from '../../platform/azurite';
import { StorageService } from '../../platform/storage';

/**
 * One in-memory Azurite per test run. Its connection string goes into the environment, so every test host and
 * every app process a test spawns uses it instead of starting an emulator of its own.
 */
export async function startTestStorage(): Promise<AzuriteProcess> {
  const azurite = await startAzurite({ host: '127.0.0.1', port: 0, inMemory: true });
  process.env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString;
  // Browser tests upload from whatever port their host listens on.
  await new StorageService(azurite.connectionString, 'documents').allowBrowserOrigins(['*']);
  return azurite;
}
