/**
 * Clients as they cross the wire (spec 1 section 5): one definition for the server, the shell and the tests. Types
 * only, no Node-only APIs here. Dates are ISO 8601 strings.
 */
import type { ClientType, Platform } from './schemas';

/**
 * A client as `GET clients`, `GET clients/{id}`, `POST clients` and `PATCH clients/{id}` answer it. The fields of the
 * other client type are absent: a business has no Aadhaar, an individual no GSTIN.
 */
export interface ClientView {
  externalId: string;
  clientType: ClientType;
  name: string;
  email: string;
  phone: string;
  panNumber: string;
  tan: string | null;
  industry: string | null;
  gstin?: string | null;
  contactPerson?: string | null;
  businessAddress?: string | null;
  residentialAddress?: string | null;
  /** Always masked, XXXX-XXXX-1234; the full number only through `GET clients/{id}/aadhaar`. */
  aadhaarNumber?: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth?: string | null;
  occupation?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Whether a client's stored login to one portal still works. */
export interface CredentialStatus {
  platformName: Platform;
  isValid: boolean;
}

/** One client of `GET clients`. */
export interface ClientListEntry extends ClientView {
  hasInvalidCredentials: boolean;
}

/** `GET clients/{id}`: the client and which portal logins it has. */
export interface ClientDetailView extends ClientView {
  credentials: CredentialStatus[];
}

/** The dashboard's client figures (spec 1 section 2.7): the ids the core's providers answer under, and their texts. */
export const CLIENT_DASHBOARD = {
  totalClientsStat: 'totalClients',
  growthGraph: 'clientGrowth',
  totalClientsTitle: 'Total Clients',
  totalClientsCaption: 'Active clients in workspace',
  growthTitle: 'Monthly Client Growth',
  growthEmptyTitle: 'No Client Data',
  growthEmptyText: 'Add clients to see growth trends over time.',
  failed: 'Failed to load dashboard data. Please try again later.',
} as const;

/** A month of "Monthly Client Growth": the running total of clients at its end. */
export interface ClientGrowthPoint {
  month: string;
  clients: number;
}
