/// Builds the report of each topic from the analyses.
public enum Reports {}
