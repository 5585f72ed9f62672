import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ICON_NAMES, MenuIcon } from './menu-icons';

/** A grid of the icons a menu can take; the chosen one is pressed. Arrow-free: each icon is a button. */
export function IconPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-labelledby="icon-picker-label">
      <FormLabel id="icon-picker-label" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {translate('access.menu.fields.menu_icon')}
        <MenuIcon name={value} fontSize="small" />
        <Typography variant="caption" component="span">
          {value}
        </Typography>
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1, maxHeight: 160, overflowY: 'auto' }}>
        {ICON_NAMES.map((name) => (
          <Tooltip key={name} title={name}>
            <IconButton
              size="small"
              aria-label={name}
              aria-pressed={value === name}
              onClick={() => {
                onChange(name);
              }}
              sx={
                value === name
                  ? { bgcolor: 'primary.main', color: 'primary.contrastText', '&:hover': { bgcolor: 'primary.dark' } }
                  : undefined
              }
            >
              <MenuIcon name={name} fontSize="small" />
            </IconButton>
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
}
