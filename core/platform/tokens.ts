/** Service identifiers of the core container. Plugins import them through the plugin API. */
export const TOKENS = {
  Config: Symbol.for('core.Config'),
  Logger: Symbol.for('core.Logger'),
  Knex: Symbol.for('core.Knex'),
  Redis: Symbol.for('core.Redis'),
  Events: Symbol.for('core.Events'),
  Queue: Symbol.for('core.Queue'),
  Crypto: Symbol.for('core.Crypto'),
  Activity: Symbol.for('core.Activity'),
  Permissions: Symbol.for('core.Permissions'),
  PluginRegistry: Symbol.for('core.PluginRegistry'),
  WorkspacePlugins: Symbol.for('core.WorkspacePlugins'),
  Storage: Symbol.for('core.Storage'),
  Notifications: Symbol.for('core.Notifications'),
} as const;
