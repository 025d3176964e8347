/**
 * The bar config the real-host tests give a host: two Applications items in the Ashes theme, the first named
 * with the host's own markup (which must show as text and do nothing), the second ("Touch") making a file when
 * clicked, so that a click that reached tilebar is seen (and showing its command on hover: Waybar's tooltip).
 */
export function twoItemBar(evilName: string, touched: string) {
  return {
    theme: { palette: 'Base16', name: 'Ashes', accent: 'Base0D' },
    left_widgets: [
      {
        Applications: {
          enable: true,
          display: 'Text',
          items: [
            { name: evilName, command: 'true' },
            { name: 'Touch', command: `touch ${touched}`, show_command_on_hover: true },
          ],
        },
      },
    ],
    right_widgets: [],
  };
}
