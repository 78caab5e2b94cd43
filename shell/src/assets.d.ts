declare module '*.css';

/** Where the build puts the icon path files, under the shell's assets (shell/build/icon-paths-assets.ts). */
declare const __ICON_PATHS_FOLDER__: string;
/** The address webpack loads the shell's files from, worked out at run time from the entry script's own. */
declare const __webpack_public_path__: string;
