// Read from the runtime config directly: in the app, the shared SDK would bring its data libraries onto the not-found page.
export { appPath } from '../../../core/plugin-api/web/runtime-config';
