import { H2 } from '@blueprintjs/core';

export function ProfilePage() {
  return <H2>Profile</H2>;
}
