import { descriptors } from '../../resources';
import { en, i18nProvider } from '../../i18n';

describe('i18n', () => {
  it('has a name and a label for every descriptor field and rows sub-field', () => {
    const missing: string[] = [];
    const resources = en.resources as Record<string, { name?: string; fields?: Record<string, string> }>;
    for (const d of descriptors) {
      const r = resources[d.name];
      if (!r?.name) missing.push(`resources.${d.name}.name`);
      for (const f of d.fields) {
        if (!r?.fields?.[f.name]) missing.push(`resources.${d.name}.fields.${f.name}`);
        if (f.kind === 'rows') for (const sub of f.of) if (!r?.fields?.[sub.name]) missing.push(`resources.${d.name}.fields.${sub.name}`);
      }
      if (!(en.menu as Record<string, string>)[d.menu.group]) missing.push(`menu.${d.menu.group}`);
    }
    expect(missing).toEqual([]);
  });

  it('translates app labels with interpolation', () => {
    expect(i18nProvider.translate('app.recommended_size', { width: 250, height: 120 })).toBe('Recommended size: 250x120 px');
    expect(i18nProvider.translate('app.data_not_found')).toBe('Data Not Found');
  });
});
