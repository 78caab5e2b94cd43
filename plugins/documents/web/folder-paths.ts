/** Folder paths of the wire: segments joined by "/", the root is "". */
export const ROOT_PATH = '';

export const segmentsOf = (path: string): string[] => (path === ROOT_PATH ? [] : path.split('/'));

export const parentOf = (path: string): string => segmentsOf(path).slice(0, -1).join('/');

export const joinPath = (parent: string, child: string): string => (parent === ROOT_PATH ? child : `${parent}/${child}`);

export const lastSegmentOf = (path: string): string => segmentsOf(path).at(-1) ?? ROOT_PATH;
