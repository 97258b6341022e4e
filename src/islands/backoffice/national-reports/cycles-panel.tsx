import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CycleListItem } from '../../../lib/national-reports/schema.ts';
import { CYCLE_STATUS_LABELS } from '../../../lib/national-reports/workflow.ts';
import { formatDate, formatNumber } from '../ui/format.ts';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { CYCLE_TONES, StatusChip } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { CycleForm } from './cycle-form.tsx';
import { $adminCycles, questionnaireHref, restoreFocusAfterForm, type QuestionnairePage } from './questionnaire-store.ts';

/** The reporting cycles: the list, or the form of one (…&cycle={year} or cycle=new). */
export function CyclesPanel({ page }: { page: QuestionnairePage }) {
  const cycles = useStore($adminCycles);
  if (cycles.error !== undefined && !cycles.data) {
    return <ErrorState error={cycles.error} title="The reporting cycles could not be loaded" onRetry={() => $adminCycles.invalidate()} />;
  }
  if (!cycles.data) return <Skeleton rows={4} label="Loading the reporting cycles…" />;
  const list = cycles.data.data;
  if (page.cycle) {
    const cycle = page.cycle === 'new' ? null : (list.find((c) => String(c.year) === page.cycle) ?? undefined);
    if (cycle === undefined) {
      return (
        <EmptyState title={`There is no ${page.cycle} reporting cycle`}>
          <a href={questionnaireHref({ tab: 'cycles', cycle: 'new' })} className={ui.link}>
            Create it
          </a>{' '}
          or go{' '}
          <a href={questionnaireHref({ tab: 'cycles' })} className={ui.link}>
            back to the cycles
          </a>
          .
        </EmptyState>
      );
    }
    return <CycleForm key={cycle?.year ?? 'new'} cycle={cycle} years={list.map((c) => c.year)} />;
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
        <p className="text-sm text-slate-700">Each cycle is one round of reporting: countries answer the questionnaire between its opening and closing dates.</p>
        <a id="add-cycle" href={questionnaireHref({ tab: 'cycles', cycle: 'new' })} className={ui.primaryButton}>
          New reporting cycle
        </a>
      </div>
      <div className="mt-6">
        {cycles.length === 0 ? (
          <EmptyState title="No reporting cycle yet">Create the first cycle and open it when countries should start reporting.</EmptyState>
        ) : (
          <div className={`${ui.cardFlush} overflow-x-auto`}>
            <table className="stack-table min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Reporting cycles</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={ui.th}>Cycle</th>
                  <th scope="col" className={ui.th}>Status</th>
                  <th scope="col" className={ui.th}>Opens</th>
                  <th scope="col" className={ui.th}>Closes</th>
                  <th scope="col" className={ui.th}>Answers lock</th>
                  <th scope="col" className={ui.th}>Reports</th>
                  <th scope="col" className={ui.th}>
                    <span className="sr-only">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {cycles.map((cycle) => (
                  <tr key={cycle.year}>
                    <th scope="row" className={`${ui.td} text-left font-semibold text-slate-900`} data-label="Cycle">
                      {cycle.year}
                    </th>
                    <td className={ui.td} data-label="Status">
                      {/* A wrapper, so the chip keeps its size in the phone's card grid. */}
                      <span>
                        <StatusChip status={cycle.status} labels={CYCLE_STATUS_LABELS} tones={CYCLE_TONES} />
                      </span>
                    </td>
                    <td className={`${ui.td} whitespace-nowrap`} data-label="Opens">{formatDate(cycle.opens_at)}</td>
                    <td className={`${ui.td} whitespace-nowrap`} data-label="Closes">{formatDate(cycle.closes_at)}</td>
                    <td className={`${ui.td} whitespace-nowrap`} data-label="Answers lock">{formatDate(cycle.locks_at)}</td>
                    <td className={ui.td} data-label="Reports">
                      {reports(cycle) === 0 ? '—' : `${formatNumber(reports(cycle))} (${formatNumber(cycle.counts['published'] ?? 0)} published)`}
                    </td>
                    <td className={`${ui.td} stack-actions text-right`}>
                      <a id={`edit-cycle-${cycle.year}`} href={questionnaireHref({ tab: 'cycles', cycle: String(cycle.year) })} className={ui.secondaryButton}>
                        Edit<span className="sr-only"> the {cycle.year} cycle</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
