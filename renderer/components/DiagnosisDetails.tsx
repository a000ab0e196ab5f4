import { useEffect, useState } from 'react';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import type { Client } from '../../core/ipc/index.js';
import { useWorkbench } from '../store/context.js';
import { errorMessage } from '../store/session-slice.js';
import { RootExplainsList } from './RootExplainsList.js';
import { SimilarCases } from './SimilarCases.js';
import { VotesList } from './VotesList.js';
import { showControls } from '../../core/text/index.js';

/**
 * What each root cause explains, the similar past cases, the propagation chain and which alerts
 * it explains, from the backend's diagnosis.
 */
export function DiagnosisDetails({ client, revision }: { client: Client; revision: number }) {
  const openCase = useWorkbench((s) => s.openCase);
  const openCaseLesson = useWorkbench((s) => s.openCaseLesson);
  const isOpening = useWorkbench((s) => s.isOpening);
  const [loaded, setLoaded] = useState<{ revision: number; diagnosis: Diagnosis } | { revision: number; error: string } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    client.invoke('diagnosis.get', {}).then(
      (diagnosis) => isCurrent && setLoaded({ revision, diagnosis }),
      (error: unknown) => isCurrent && setLoaded({ revision, error: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [client, revision]);
  if (!loaded) return null;
  if ('error' in loaded) return <p className="error">{loaded.error}</p>;
  const { propagations, alerts_explained: alerts, votes, entities, similar } = loaded.diagnosis;
  const explained = alerts.filter((a) => a.explained).length;
  return (
    <>
      {votes && votes.length > 0 && <VotesList votes={votes} />}
      <RootExplainsList entities={entities} />
      <SimilarCases
        similar={similar}
        isOpening={isOpening}
        onOpen={(name) => void openCase(name)}
        onLesson={(name) => void openCaseLesson(name)}
      />
      <h3>Propagation chain</h3>
      <ol className="chain" aria-label="Propagation chain">
        {propagations.map((p, i) => (
          <li key={i}>
            {showControls(p.source)} <span className="muted">→</span> {showControls(p.target)}
            <div className="muted">{showControls(p.effect)}</div>
          </li>
        ))}
      </ol>
      <h3>
        Alerts explained ({explained}/{alerts.length})
      </h3>
      <ul className="plain">
        {alerts.map((a, i) => (
          <li key={i} className={a.explained ? '' : 'unexplained'}>
            {a.explained ? '✓' : '✗'} {showControls(a.alert)}
          </li>
        ))}
      </ul>
    </>
  );
}
