"""The HTML report from run folders: the page (``page``) and each folder's headline tables
(``headlines``), both from the study that wrote the folder (``analysis.studies``)."""

from analysis.report.page import (
    ReportError,
    build_report,
    method_note,
    read_run,
    unique_folders,
    write_report,
)

__all__ = ["build_report", "write_report", "unique_folders", "read_run", "method_note",
           "ReportError"]
