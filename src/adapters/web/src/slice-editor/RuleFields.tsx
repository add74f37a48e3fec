import { useI18n } from '../i18n/i18n';
import { useCatalogNames } from './api/catalog';
import { EVENT_SORTS, MAX_RULE_SIZE, RULE_SORTS, type RuleSort, type RulesDraft } from './rules';

const id = (name: string) => `rule-${name}`;

/** What fills a RULES slice: which products (conditions), in what order (sort, window), how many. */
export function RuleFields({ rules, onChange }: { rules: RulesDraft; onChange: (patch: Partial<RulesDraft>) => void }) {
  const { t } = useI18n();
  return (
    <fieldset className="rule-fields">
      <legend>{t('ruleLegend')}</legend>
      <p className="meta">{t('ruleHelp')}</p>
      <RuleConditions rules={rules} onChange={onChange} />
      <div className="grid-2">
        <div>
          <label htmlFor={id('sort')}>{t('ruleSort')}</label>
          <select id={id('sort')} value={rules.sort} onChange={(e) => onChange({ sort: e.target.value as RuleSort })}>
            {RULE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`ruleSort_${sort}`)}
              </option>
            ))}
          </select>
        </div>
        {EVENT_SORTS.has(rules.sort) && (
          <div>
            <label htmlFor={id('window')}>{t('ruleWindowDays')}</label>
            <input
              id={id('window')}
              type="number"
              min={1}
              max={365}
              value={rules.windowDays}
              onChange={(e) => onChange({ windowDays: e.target.value })}
            />
          </div>
        )}
        <div>
          <label htmlFor={id('size')}>{t('ruleSize')}</label>
          <input
            id={id('size')}
            type="number"
            min={1}
            max={MAX_RULE_SIZE}
            value={rules.size}
            onChange={(e) => onChange({ size: e.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The conditions: categories and brands of the catalog's, tags (any or all), a price range, availability. */
function RuleConditions({ rules, onChange }: { rules: RulesDraft; onChange: (patch: Partial<RulesDraft>) => void }) {
  const { t } = useI18n();
  const names = useCatalogNames(true);
  return (
    <div className="grid-2">
      <NameChoice
        name="categories"
        label={t('ruleCategories')}
        names={names.data?.categories}
        chosen={rules.categories}
        onChange={(categories) => onChange({ categories })}
      />
      <NameChoice
        name="brands"
        label={t('ruleBrands')}
        names={names.data?.brands}
        chosen={rules.brands}
        onChange={(brands) => onChange({ brands })}
      />
      <div>
        <label htmlFor={id('tags')}>{t('ruleTags')}</label>
        <input id={id('tags')} value={rules.tags} onChange={(e) => onChange({ tags: e.target.value })} />
        <label className="check">
          <input type="checkbox" checked={rules.allTags} onChange={(e) => onChange({ allTags: e.target.checked })} />{' '}
          {t('ruleAllTags')}
        </label>
      </div>
      <div>
        <label htmlFor={id('min')}>{t('ruleMinPrice')}</label>
        <input
          id={id('min')}
          inputMode="decimal"
          value={rules.minPrice}
          onChange={(e) => onChange({ minPrice: e.target.value })}
        />
        <label htmlFor={id('max')}>{t('ruleMaxPrice')}</label>
        <input
          id={id('max')}
          inputMode="decimal"
          value={rules.maxPrice}
          onChange={(e) => onChange({ maxPrice: e.target.value })}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={rules.availableOnly} onChange={(e) => onChange({ availableOnly: e.target.checked })} />{' '}
        {t('ruleAvailableOnly')}
      </label>
    </div>
  );
}

/** Some of the catalog's names (categories or brands) chosen in a list; those chosen before stay offered. */
function NameChoice({
  name,
  label,
  names,
  chosen,
  onChange,
}: {
  name: string;
  label: string;
  names: readonly string[] | undefined;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <div>
      <label htmlFor={id(name)}>{label}</label>
      <select
        id={id(name)}
        multiple
        value={[...chosen]}
        onChange={(e) => onChange([...e.target.selectedOptions].map((option) => option.value))}
      >
        {[...new Set([...(names ?? []), ...chosen])].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </div>
  );
}
