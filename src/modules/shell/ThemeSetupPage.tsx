import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { useTranslate } from 'react-admin';
import { resetPreferences, usePreference, type Preferences } from '../../preferences';
import { PageHeading } from '../../screens/PageHeading';

/** The four layouts of spec 000, each a pair of the navigation-type and navbar-shape preferences. */
export const LAYOUTS = ['vertical', 'vertical-slim', 'horizontal', 'horizontal-slim'] as const;
type Layout = (typeof LAYOUTS)[number];

/** Language names are written in their own language, as a reader of that language looks for them. */
export const LANGUAGE_NAMES: Record<Preferences['language'], string> = { en: 'English', bn: 'বাংলা', es: 'Español', my: 'မြန်မာ' };

function Choice<V extends string>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: V;
  options: readonly V[];
  onChange: (v: V) => void;
}) {
  const translate = useTranslate();
  return (
    <FormControl component="fieldset" sx={{ mb: 3, display: 'block' }}>
      <FormLabel component="legend">{translate(`shell.settings.${name}`)}</FormLabel>
      <RadioGroup row name={name} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <FormControlLabel key={o} value={o} control={<Radio />} label={translate(`shell.settings.${name}_${o.replace('-', '_')}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 720 }}>{children}</Box>;
}

/**
 * /settings/theme-setup: theme, layout, menu colour, language and direction. Each choice is stored
 * under the spec's preference name and applies at once, without reloading the page.
 */
export function ThemeSetupPage() {
  const translate = useTranslate();
  const [theme, setTheme] = usePreference('theme');
  const [type, setType] = usePreference('navigation-type');
  const [shape, setShape] = usePreference('navbar-shape');
  const [menuColor, setMenuColor] = usePreference('menu-color');
  const [language, setLanguage] = usePreference('language');
  const [dir, setDir] = usePreference('theme-dir');
  const layout: Layout = shape === 'slim' ? `${type}-slim` : type;
  const setLayout = (l: Layout) => {
    const [t, s] = l.split('-') as [Preferences['navigation-type'], 'slim' | undefined];
    setType(t);
    setShape(s ? 'slim' : 'default');
  };
  const title = translate('shell.settings.title');
  return (
    <>
      <Box sx={{ mt: 2, mb: 1 }}>
        <PageHeading title={title} group={translate('shell.profile.settings')} />
      </Box>
      <Card>
        <CardContent>
          <Section>
            <Choice name="theme" value={theme} options={['light', 'dark', 'semi-dark'] as const} onChange={setTheme} />
            <Choice name="layout" value={layout} options={LAYOUTS} onChange={setLayout} />
            <Choice name="menu_color" value={menuColor} options={['lighter', 'darker'] as const} onChange={setMenuColor} />
            <FormControl sx={{ mb: 3, minWidth: 220, display: 'flex', maxWidth: 320 }}>
              <InputLabel id="settings-language-label">{translate('shell.settings.language')}</InputLabel>
              <Select
                labelId="settings-language-label"
                label={translate('shell.settings.language')}
                value={language}
                onChange={(e) => setLanguage(e.target.value)}
              >
                {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                  <MenuItem key={code} value={code} lang={code}>
                    {name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Choice name="direction" value={dir} options={['ltr', 'rtl'] as const} onChange={setDir} />
            <Button variant="outlined" startIcon={<RestartAlt />} onClick={resetPreferences}>
              {translate('shell.settings.reset')}
            </Button>
          </Section>
        </CardContent>
      </Card>
    </>
  );
}
