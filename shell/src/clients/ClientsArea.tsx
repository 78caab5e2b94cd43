import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../public/NotFoundPage';
import type { LoadedPluginState } from '../plugins/workspace-plugins';
import { ClientDetailsPage } from './details/ClientDetailsPage';
import { NewClientPage } from './form/NewClientPage';
import { ClientsListPage } from './list/ClientsListPage';
import './clients.css';

/** `{app}/w/:workspaceId/clients/*`: the list, the new-client form and one client's page. */
export function ClientsArea({ loaded }: { loaded: LoadedPluginState[] }) {
  return (
    <Routes>
      <Route index element={<ClientsListPage />} />
      <Route path="new" element={<NewClientPage />} />
      <Route path=":clientId" element={<ClientDetailsPage loaded={loaded} />} />
      <Route path="*" element={<NotFoundPage embedded />} />
    </Routes>
  );
}
