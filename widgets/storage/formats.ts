/** How the Storage widget names a disk: shared by its schema and its view. */
export const STORAGE_DISPLAY_NAMES = ['Mount', 'Name', 'MountAndName', 'NameAndMount'] as const;
