/**
 * 'Got a Question?': opens the configured chat widget with SPEC §2's hints (message, car name,
 * id, checkout link, is-reserved, car category, dealership id). Without a chat widget it opens
 * the enquiry form instead, loaded on demand like every form.
 */
import { useState } from 'react';
import { useIslandServices, type ChatHints } from '../islandServices.ts';
import { LeadFormButton, type LeadFormButtonProps } from './LeadFormButton.tsx';

/** Props of {@link ChatButton}. */
export interface ChatButtonProps {
  label: string;
  widgetUrl: string | null;
  hints: ChatHints;
  /** The form offered when there is no chat widget. */
  fallback: LeadFormButtonProps;
  className?: string;
}

/** The button. */
export function ChatButton({ label, widgetUrl, hints, fallback, className = 'btn btn-outline' }: ChatButtonProps) {
  const services = useIslandServices();
  const [opened, setOpened] = useState(false);
  if (!widgetUrl) return <LeadFormButton {...fallback} label={label} className={className} />;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpened(services.openChat({ hints, widgetUrl }))}>
        {label}
      </button>
      {opened ? (
        <span className="visually-hidden" role="status">
          Chat opened
        </span>
      ) : null}
    </>
  );
}
