// Read from the runtime config directly: the shared SDK would bring its data libraries onto the public pages.
export { appPath } from '../../../core/plugin-api/web/runtime-config';
