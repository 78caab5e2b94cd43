import '@blueprintjs/core/lib/css/blueprint.css';
import { BlueprintProvider, FocusStyleManager } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { RequireSession } from '../app/RequireSession';
import { ProfilePage as Profile } from '../profile/ProfilePage';
import { CreateWorkspacePage as CreateWorkspace } from './CreateWorkspacePage';
import { DefaultWorkspaceRedirect as DefaultWorkspace } from './DefaultWorkspaceRedirect';
import { WorkspaceFrame as Frame } from './WorkspaceFrame';

// Focus rings for keyboard users only: a mouse click on a link or switch should not leave one behind.
FocusStyleManager.onlyShowFocusOnTabs();

/** The signed-in part of the app: Blueprint and a session are needed by every page here. */
function signedIn(Page: ComponentType): ComponentType {
  return function SignedInPage() {
    return (
      <BlueprintProvider>
        <RequireSession>
          <Page />
        </RequireSession>
      </BlueprintProvider>
    );
  };
}

export const CreateWorkspacePage = signedIn(CreateWorkspace);
export const DefaultWorkspaceRedirect = signedIn(DefaultWorkspace);
export const ProfilePage = signedIn(Profile);
export const WorkspaceFrame = signedIn(Frame);
