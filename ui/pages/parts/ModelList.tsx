/**
 * A list of models (SPEC §3 Model) as linked cards, labelled by domain/models.ts (ALL-NEW prefix,
 * (HYBRID) tag, 75-character short description).
 */
import type { Model } from '../../../domain/types.ts';
import { modelNavLabel, shortDescription } from '../../../domain/models.ts';
import { Picture } from './Picture.tsx';
import { modelPath } from '../../../domain/routes/paths.ts';

/** The model's display name with its ALL-NEW prefix and (HYBRID) tag. */
export function modelLabel(model: Model): string {
  const label = modelNavLabel({ model });
  return [label.prefix, label.name, label.tag].filter(Boolean).join(' ');
}

/** Models as a list of cards (h3 titles). */
export function ModelList({ models }: { models: Model[] }) {
  return (
    <ul className="model-list">
      {models.map((model) => (
        <li key={model.slug} className="model-card">
          <Picture src={model.image?.url} alt="" width={320} height={180} />
          <h3>
            <a href={modelPath(model)}>{modelLabel(model)}</a>
          </h3>
          {model.short_description && <p>{shortDescription(model.short_description)}</p>}
        </li>
      ))}
    </ul>
  );
}
