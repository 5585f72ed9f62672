import { useEffect, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslate } from 'react-admin';
import { explainApi, type Explanation } from './api';
import { useSetBy } from './Chain';

/**
 * Beside a user's permission tree: for each entry, where its state comes from (their group, or
 * this user's own grant or denial) and who set it when, from the explainer (the deciding code).
 */
export function PermissionOrigins({ user }: { user: number }) {
  const translate = useTranslate();
  const setBy = useSetBy();
  const [explanation, setExplanation] = useState<Explanation>();
  useEffect(() => {
    let live = true;
    explainApi.explain(user).then(
      (e) => live && setExplanation(e),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user]);
  if (!explanation) return null;
  const rows = explanation.items
    .map((item) => {
      const own = item.chain.find((l) => l.kind === 'user-grant' || l.kind === 'user-deny');
      const grant = item.chain.find((l) => l.kind === 'group-grant');
      const source = own ?? grant;
      return { item, own, source };
    })
    .filter((r) => r.own !== undefined || r.item.allowed)
    .sort((a, b) => a.item.menu_slug.localeCompare(b.item.menu_slug));
  return (
    <Accordion sx={{ mt: 2 }} disableGutters>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography>{translate('explain.origins.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Table size="small" aria-label={translate('explain.origins.title')}>
          <TableBody>
            {rows.map(({ item, own, source }) => (
              <TableRow key={item.menu_slug} data-slug={item.menu_slug}>
                <TableCell>{item.menu_name ? item.menu_name : item.menu_slug}</TableCell>
                <TableCell>
                  {own
                    ? translate(own.kind === 'user-grant' ? 'explain.origins.own_grant' : 'explain.origins.own_deny')
                    : translate('explain.origins.group', { group: explanation.user.group_name })}
                </TableCell>
                <TableCell>{source ? setBy(source) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}
