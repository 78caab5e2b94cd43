import '@blueprintjs/core/lib/css/blueprint.css';
import '../app/blueprint-contrast.css';
import { BlueprintProvider, FocusStyleManager } from '@blueprintjs/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from '../app/PageLoading';
import { RequireSession } from '../app/RequireSession';
import { DefaultWorkspaceRedirect as DefaultWorkspace } from './DefaultWorkspaceRedirect';
import { WorkspaceFrame as Frame } from './WorkspaceFrame';

// Focus rings for keyboard users only: a mouse click on a link or switch should not leave one behind.
FocusStyleManager.onlyShowFocusOnTabs();

// Forms (and their validation library) load with the pages that show them, not with every workspace page.
const Profile = lazy(() => import('../profile/ProfilePage').then((module) => ({ default: module.ProfilePage })));
const CreateWorkspace = lazy(() => import('./CreateWorkspacePage').then((module) => ({ default: module.CreateWorkspacePage })));

/** The signed-in part of the app: Blueprint and a session are needed by every page here. */
function signedIn(Page: ComponentType): ComponentType {
  return function SignedInPage() {
    return (
      <BlueprintProvider>
        <RequireSession>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </RequireSession>
      </BlueprintProvider>
    );
  };
}

export const CreateWorkspacePage = signedIn(CreateWorkspace);
export const DefaultWorkspaceRedirect = signedIn(DefaultWorkspace);
export const ProfilePage = signedIn(Profile);
export const WorkspaceFrame = signedIn(Frame);
