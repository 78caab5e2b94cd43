/** Where the test hosts serve the product (the default APP_BASE_PATH) and its API. */
export const APP = '/axal';
export const API = `${APP}/api/v1`;
