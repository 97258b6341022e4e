import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CycleListItem } from '../../../lib/national-reports/schema.ts';
import { CYCLE_STATUS_TEXT } from './report-format.tsx';
import { formatDate } from '../ui/format.ts';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { CYCLE_TONES, StatusChip } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { HeaderCells } from '../ui/header-cells.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { CycleForm } from './cycle-form.tsx';
import { SynthesisPanel } from '../synthesis/synthesis-panel.tsx';
import { m } from './messages.ts';
import {
  $adminCycles,
  questionnaireHref,
  restoreFocusAfterForm,
  type QuestionnairePage,
} from './questionnaire-store.ts';

/** The reporting cycles: the list, or the form of one (…&cycle={year} or cycle=new). */
export function CyclesPanel({ page }: { page: QuestionnairePage }) {
  const cycles = useStore($adminCycles);
  if (cycles.error !== undefined && !cycles.data) {
    return <ErrorState error={cycles.error} title={m('list.cyclesFailed')} onRetry={() => $adminCycles.invalidate()} />;
  }
  if (!cycles.data) return <Skeleton rows={4} label={m('cycles.loading')} />;
  const list = cycles.data.data;
  if (page.cycle) {
    const cycle = page.cycle === 'new' ? null : (list.find((c) => String(c.year) === page.cycle) ?? undefined);
    if (cycle === undefined) {
      return (
        <EmptyState title={m('cycles.notFound', { year: page.cycle })}>
          <a href={questionnaireHref({ tab: 'cycles', cycle: 'new' })} className={ui.link}>
            {m('cycles.create')}
          </a>{' '}
          {m('cycles.orGo')}{' '}
          <a href={questionnaireHref({ tab: 'cycles' })} className={ui.link}>
            {m('cycles.backLink')}
          </a>
          {m('cycles.end')}
        </EmptyState>
      );
    }
    return (
      <>
        <CycleForm key={cycle?.year ?? 'new'} cycle={cycle} years={list.map((c) => c.year)} />
        {cycle && <SynthesisPanel year={cycle.year} />}
      </>
    );
  }
  return <CycleList cycles={list} />;
}

function CycleList({ cycles }: { cycles: readonly CycleListItem[] }) {
  useEffect(() => {
    restoreFocusAfterForm();
  }, []);
  const reports = (cycle: CycleListItem) => Object.values(cycle.counts).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-700">{m('cycles.intro')}</p>
        <a id="add-cycle" href={questionnaireHref({ tab: 'cycles', cycle: 'new' })} className={ui.primaryButton}>
          {m('cycles.new')}
        </a>
      </div>
      <div className="mt-6">
        {cycles.length === 0 ? (
          <EmptyState title={m('list.noCycleTitle')}>{m('cycles.none')}</EmptyState>
        ) : (
          <div className={`${ui.cardFlush} overflow-x-auto`}>
            <DataTable
              stack
              caption={m('qn.tabCycles')}
              head={
                <HeaderCells
                  labels={[
                    m('list.cycle'),
                    m('list.status'),
                    m('cycles.opens'),
                    m('cycles.closes'),
                    m('cycles.locks'),
                    m('cycles.reports'),
                  ]}
                  actions={m('qn.edit')}
                />
              }
            >
              {cycles.map((cycle) => (
                <tr key={cycle.year}>
                  <th
                    scope="row"
                    className={`${ui.td} text-left font-semibold text-slate-900`}
                    data-label={m('list.cycle')}
                  >
                    {cycle.year}
                  </th>
                  <td className={ui.td} data-label={m('list.status')}>
                    {/* A wrapper, so the chip keeps its size in the phone's card grid. */}
                    <span>
                      <StatusChip status={cycle.status} labels={CYCLE_STATUS_TEXT} tones={CYCLE_TONES} />
                    </span>
                  </td>
                  <td className={`${ui.td} whitespace-nowrap`} data-label={m('cycles.opens')}>
                    {formatDate(cycle.opens_at)}
                  </td>
                  <td className={`${ui.td} whitespace-nowrap`} data-label={m('cycles.closes')}>
                    {formatDate(cycle.closes_at)}
                  </td>
                  <td className={`${ui.td} whitespace-nowrap`} data-label={m('cycles.locks')}>
                    {formatDate(cycle.locks_at)}
                  </td>
                  <td className={ui.td} data-label={m('cycles.reports')}>
                    {reports(cycle) === 0
                      ? '—'
                      : m('cycles.reportsCount', { count: reports(cycle), published: cycle.counts['published'] ?? 0 })}
                  </td>
                  <td className={`${ui.td} stack-actions text-right`}>
                    <a
                      id={`edit-cycle-${cycle.year}`}
                      href={questionnaireHref({ tab: 'cycles', cycle: String(cycle.year) })}
                      className={ui.secondaryButton}
                    >
                      {m('qn.edit')}
                      <span className="sr-only"> {m('cycles.editWhich', { year: String(cycle.year) })}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        )}
      </div>
    </>
  );
}
