CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_sequences_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "document_sequences_kind_valid" CHECK ("document_sequences"."kind" in ('tax_invoice', 'bill_of_supply', 'invoice_cum_bill_of_supply', 'receipt', 'credit_note')),
	CONSTRAINT "document_sequences_year_format" CHECK ("document_sequences"."financial_year" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "document_sequences_last_number_positive" CHECK ("document_sequences"."last_number" >= 1)
);
