import { expect } from 'chai';
import { CalendarService } from '../../calendar/calendar-service';
import { DashboardService } from '../../dashboard/dashboard-service';
import { PluginLoadError } from '../../plugins/plugin-discovery';
import type { ExtensionPoint } from '../../plugin-api/extension-points';
import { SearchService } from '../../search/search-service';
import type { ContributionOf, Contributions } from '../contributions-service';

/** Contributions as `all()` lists them, for the services that check their providers' ids when they are made. */
const contributing = (contributions: ContributionOf<unknown>[]) =>
  ({ all: <T>(_point: ExtensionPoint<T>) => contributions as ContributionOf<T>[] }) as unknown as Contributions;

const problemsOf = (make: () => unknown): string[] => {
  try {
    make();
  } catch (error) {
    if (error instanceof PluginLoadError) return error.problems;
    throw error;
  }
  return [];
};

const answer = async () => [];

describe("providers' ids", () => {
  it('may not repeat within a part of the dashboard, whoever contributes them', () => {
    const contributions = contributing([
      { pluginId: 'core', value: { stats: [{ id: 'totalClients', label: 'Clients', value: answer }] } },
      {
        pluginId: 'copycat',
        value: { stats: [{ id: 'totalClients', label: 'Also clients', value: answer }], graphs: [{ id: 'totalClients', series: answer }] },
      },
    ]);
    expect(problemsOf(() => new DashboardService(contributions))).to.deep.equal([
      'Plugin copycat: dashboard stats provider id "totalClients" is already used by core',
    ]);
  });

  it('may not repeat among search providers or calendar sources', () => {
    const twice = contributing([
      { pluginId: 'tasks', value: { id: 'tasks', search: answer, items: answer } },
      { pluginId: 'tasks', value: { id: 'tasks', search: answer, items: answer } },
    ]);
    expect(problemsOf(() => new SearchService(twice))).to.deep.equal([
      'Plugin tasks: search provider id "tasks" is already used by another of its providers',
    ]);
    expect(problemsOf(() => new CalendarService(twice))).to.deep.equal([
      'Plugin tasks: calendar provider id "tasks" is already used by another of its providers',
    ]);
  });
});
