import 'reflect-metadata';
import type { AzuriteProcess } from '../../platform/azurite';
import { removeTestServices, resetTestServices, startTestHost, type TestHost } from './test-host';
import { startTestStorage } from './test-storage';

// Every database of a test run is dropped at its end, so no commit needs to wait for the disk. On a machine with slow
// storage that wait dominated the database tests; the app processes a test spawns inherit the setting.
process.env.PGOPTIONS = [process.env.PGOPTIONS, '-c synchronous_commit=off'].filter(Boolean).join(' ');

let shared: TestHost | null = null;
let storage: AzuriteProcess | null = null;
const runEndTasks: (() => Promise<void>)[] = [];

/** Runs `task` once every test of this process has run, before the shared host stops (the shared browser closes so). */
export function atRunEnd(task: () => Promise<void>): void {
  runEndTasks.push(task);
}

/** The host most tests share; a test that needs other settings starts its own with startTestHost. */
export function sharedHost(): TestHost {
  if (!shared) throw new Error('The shared test host is not running');
  return shared;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    await resetTestServices();
    storage = await startTestStorage();
    shared = await startTestHost();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await Promise.all(runEndTasks.splice(0).map((task) => task()));
    await shared?.stop();
    shared = null;
    await removeTestServices();
    await storage?.stop();
    storage = null;
  },
};
