/** The Media widget's display formats: shared by its schema and its view. */
export const MEDIA_DISPLAY_FORMATS = ['Icon', 'Text', 'IconAndText', 'ControlsOnly', 'IconAndControls', 'TextAndControls', 'Full'] as const;
