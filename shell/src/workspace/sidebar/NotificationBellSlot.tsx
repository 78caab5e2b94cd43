/**
 * Where the notifications bell goes in the sidebar header. Notifications come with their own issue; until then
 * the slot renders nothing rather than a bell that does nothing.
 */
export function NotificationBellSlot() {
  return null;
}
