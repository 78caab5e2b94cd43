/** Spec 2 section 8: the error of a file whose upload worked but whose link to the record failed. */
export function attachmentLinkFailedMessage(entityLabel: string): string {
  return `Failed to create ${entityLabel} attachment`;
}
