import { H2 } from '@blueprintjs/core';

export function CreateWorkspacePage() {
  return <H2>Create workspace</H2>;
}
