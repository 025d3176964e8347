/**
 * Names of the format: the spec's neutral spellings are canonical; the real product spellings that
 * users' files carry (`Catppuccin`, `Github`, `Windows10`, ...) are accepted everywhere as aliases.
 */

/** The 269 Base16 palette names, in the spec's order. */
export const BASE16_NAMES = [
  '3024', 'Apathy', 'Apprentice', 'Ashes', 'AtelierCaveLight', 'AtelierCave', 'AtelierDuneLight', 'AtelierDune',
  'AtelierEstuaryLight', 'AtelierEstuary', 'AtelierForestLight', 'AtelierForest', 'AtelierHeathLight', 'AtelierHeath', 'AtelierLakesideLight', 'AtelierLakeside',
  'AtelierPlateauLight', 'AtelierPlateau', 'AtelierSavannaLight', 'AtelierSavanna', 'AtelierSeasideLight', 'AtelierSeaside', 'AtelierSulphurpoolLight', 'AtelierSulphurpool',
  'Atlas', 'AyuDark', 'AyuLight', 'AyuMirage', 'Aztec', 'Bespin', 'BlackMetalBathory', 'BlackMetalBurzum',
  'BlackMetalDarkFuneral', 'BlackMetalGorgoroth', 'BlackMetalImmortal', 'BlackMetalKhold', 'BlackMetalMarduk', 'BlackMetalMayhem', 'BlackMetalNile', 'BlackMetalVenom',
  'BlackMetal', 'Blueforest', 'Blueish', 'Brewer', 'Bright', 'Brogrammer', 'BrushtreesDark', 'Brushtrees',
  'Caroline', 'PastelFrappe', 'PastelLatte', 'PastelMacchiato', 'PastelMocha', 'Chalk', 'Circus', 'ClassicDark',
  'ClassicLight', 'Codeschool', 'Colors', 'Cupcake', 'Cupertino', 'DaOneBlack', 'DaOneGray', 'DaOneOcean',
  'DaOnePaper', 'DaOneSea', 'DaOneWhite', 'DanqingLight', 'Danqing', 'Darcula', 'Darkmoss', 'Darktooth',
  'Darkviolet', 'Decaf', 'DefaultDark', 'DefaultLight', 'Dirtysea', 'Dracula', 'EdgeDark', 'EdgeLight',
  'Eighties', 'EmbersLight', 'Embers', 'Emil', 'EquilibriumDark', 'EquilibriumGrayDark', 'EquilibriumGrayLight', 'EquilibriumLight',
  'Eris', 'Espresso', 'EvaDim', 'Eva', 'EvenokDark', 'EverforestDarkHard', 'Everforest', 'Flat',
  'Framer', 'FruitSoda', 'Gigavolt', 'Forge', 'SearchDark', 'SearchLight', 'Gotham', 'GrayscaleDark',
  'GrayscaleLight', 'Greenscreen', 'Gruber', 'GruvboxDarkHard', 'GruvboxDarkMedium', 'GruvboxDarkPale', 'GruvboxDarkSoft', 'GruvboxLightHard',
  'GruvboxLightMedium', 'GruvboxLightSoft', 'GruvboxMaterialDarkHard', 'GruvboxMaterialDarkMedium', 'GruvboxMaterialDarkSoft', 'GruvboxMaterialLightHard', 'GruvboxMaterialLightMedium', 'GruvboxMaterialLightSoft',
  'Hardcore', 'Harmonic16Dark', 'Harmonic16Light', 'HeetchLight', 'Heetch', 'Helios', 'Hopscotch', 'HorizonDark',
  'HorizonLight', 'HorizonTerminalDark', 'HorizonTerminalLight', 'HumanoidDark', 'HumanoidLight', 'IaDark', 'IaLight', 'Icy',
  'Irblack', 'Isotope', 'Jabuti', 'Kanagawa', 'Katy', 'Kimber', 'Lime', 'Classic',
  'Marrakesh', 'Materia', 'MaterialDarker', 'MaterialLighter', 'MaterialPalenight', 'MaterialVivid', 'Material', 'MeasuredDark',
  'MeasuredLight', 'MellowPurple', 'MexicoLight', 'Mocha', 'Monokai', 'Moonlight', 'Mountain', 'Nebula',
  'NordLight', 'Nord', 'Nova', 'Ocean', 'Oceanicnext', 'OneLight', 'OnedarkDark', 'Onedark',
  'OutrunDark', 'OxocarbonDark', 'OxocarbonLight', 'Pandora', 'PapercolorDark', 'PapercolorLight', 'Paraiso', 'Pasque',
  'Phd', 'Pico', 'Pinky', 'Pop', 'Porple', 'PreciousDarkEleven', 'PreciousDarkFifteen', 'PreciousLightWarm',
  'PreciousLightWhite', 'PrimerDarkDimmed', 'PrimerDark', 'PrimerLight', 'Purpledream', 'Qualia', 'Railscasts', 'Rebecca',
  'RosePineDawn', 'RosePineMoon', 'RosePine', 'Saga', 'Sagelight', 'Sakura', 'Sandcastle', 'SelenizedBlack',
  'SelenizedDark', 'SelenizedLight', 'SelenizedWhite', 'Seti', 'ShadesOfPurple', 'ShadesmearDark', 'ShadesmearLight', 'Shapeshifter',
  'SilkDark', 'SilkLight', 'Snazzy', 'SolarflareLight', 'Solarflare', 'SolarizedDark', 'SolarizedLight', 'Spaceduck',
  'Spacemacs', 'Sparky', 'StandardizedDark', 'StandardizedLight', 'Stella', 'StillAlive', 'Summercamp', 'SummerfruitDark',
  'SummerfruitLight', 'SynthMidnightDark', 'SynthMidnightLight', 'Tango', 'Tarot', 'Tender', 'TerracottaDark', 'Terracotta',
  'TokyoCityDark', 'TokyoCityLight', 'TokyoCityTerminalDark', 'TokyoCityTerminalLight', 'TokyoNightDark', 'TokyoNightLight', 'TokyoNightMoon', 'TokyoNightStorm',
  'TokyoNightTerminalDark', 'TokyoNightTerminalLight', 'TokyoNightTerminalStorm', 'TokyodarkTerminal', 'Tokyodark', 'TomorrowNightEighties', 'TomorrowNight', 'Tomorrow',
  'Tube', 'Twilight', 'UnikittyDark', 'UnikittyLight', 'UnikittyReversible', 'Uwunicorn', 'Vesper', 'Vice',
  'Vulcan', 'Os10Light', 'Os10', 'Os95Light', 'Os95', 'OsHighcontrastLight', 'OsHighcontrast', 'OsNtLight',
  'OsNt', 'Woodland', 'IdeDusk', 'Zenbones', 'Zenburn',
] as const;
export type Base16Name = (typeof BASE16_NAMES)[number];

/** Real palette names → the spec's neutral names (17 of the 269). */
export const BASE16_REAL_NAMES: Readonly<Record<string, Base16Name>> = {
  CatppuccinFrappe: 'PastelFrappe',
  CatppuccinLatte: 'PastelLatte',
  CatppuccinMacchiato: 'PastelMacchiato',
  CatppuccinMocha: 'PastelMocha',
  Github: 'Forge',
  GoogleDark: 'SearchDark',
  GoogleLight: 'SearchLight',
  Windows10: 'Os10',
  Windows10Light: 'Os10Light',
  Windows95: 'Os95',
  Windows95Light: 'Os95Light',
  WindowsHighcontrast: 'OsHighcontrast',
  WindowsHighcontrastLight: 'OsHighcontrastLight',
  WindowsNt: 'OsNt',
  WindowsNtLight: 'OsNtLight',
  XcodeDusk: 'IdeDusk',
  Macintosh: 'Classic',
};

export const PASTEL_FLAVOURS = ['Frappe', 'Latte', 'Macchiato', 'Mocha'] as const;
export type PastelFlavour = (typeof PASTEL_FLAVOURS)[number];

export const PASTEL_VALUES = [
  'Rosewater', 'Flamingo', 'Pink', 'Mauve', 'Red', 'Maroon', 'Peach', 'Yellow', 'Green', 'Teal',
  'Sky', 'Sapphire', 'Blue', 'Lavender', 'Text', 'Subtext1', 'Subtext0', 'Overlay2', 'Overlay1',
  'Overlay0', 'Surface2', 'Surface1', 'Surface0', 'Base', 'Mantle', 'Crust',
] as const;
export type PastelValue = (typeof PASTEL_VALUES)[number];

export const BASE16_VALUES = [
  'Base00', 'Base01', 'Base02', 'Base03', 'Base04', 'Base05', 'Base06', 'Base07',
  'Base08', 'Base09', 'Base0A', 'Base0B', 'Base0C', 'Base0D', 'Base0E', 'Base0F',
] as const;
export type Base16Value = (typeof BASE16_VALUES)[number];

/** Keys of a Custom palette, `base_00` … `base_0f`, in the order of BASE16_VALUES. */
export const BASE16_COLOUR_KEYS = [
  'base_00', 'base_01', 'base_02', 'base_03', 'base_04', 'base_05', 'base_06', 'base_07',
  'base_08', 'base_09', 'base_0a', 'base_0b', 'base_0c', 'base_0d', 'base_0e', 'base_0f',
] as const;
export type Base16ColourKey = (typeof BASE16_COLOUR_KEYS)[number];

/** Theme family tag (`palette`): neutral `Pastel`, real `Catppuccin`. */
export const THEME_FAMILY_REAL: Readonly<Record<string, 'Pastel'>> = { Catppuccin: 'Pastel' };

/** Widget kind `Tiler` is spelled `Komorebi` in real files. */
export const TILER_REAL = 'Komorebi';

/** `Os` in BorderImplementation / FocusFollowsMouseImplementation is `Windows`; `Tiler` is `Komorebi`. */
export const IMPLEMENTATION_REAL: Readonly<Record<string, 'Tiler' | 'Os'>> = { Komorebi: 'Tiler', Windows: 'Os' };
