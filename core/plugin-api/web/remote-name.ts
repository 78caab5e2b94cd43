/** The Module Federation container name of a plugin's remote; the build and the shell's loader must agree on it. */
export const remoteContainerName = (pluginId: string): string => `plugin_${pluginId.replaceAll('-', '_')}`;
